import { describe, expect, it } from "vitest";
import { enc } from "./organizations.js";

describe("enc (path segments)", () => {
  it("encodes reserved characters and survives malformed UTF-16 instead of throwing", () => {
    expect(enc("backend@2.14.0/x y")).toBe("backend%402.14.0%2Fx%20y");
    expect(enc("\udfff x")).toBe("%EF%BF%BD%20x");
  });
});
