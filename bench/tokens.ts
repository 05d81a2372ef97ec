/** Token counting with the o200k_base encoding (GPT-4o / GPT-5 family), as a stand-in for any model. */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

export interface Size {
  chars: number;
  tokens: number;
}

export function sizeOf(text: string): Size {
  return { chars: text.length, tokens: countTokens(text) };
}
