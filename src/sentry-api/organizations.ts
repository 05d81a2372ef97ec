import { z } from "zod";
import type { Page, SentryClient } from "./client.js";

const str = z.string().nullish();

export const UserSchema = z.object({
  id: z.coerce.string(),
  name: str,
  email: str,
  username: str,
});
export type User = z.output<typeof UserSchema>;

export const OrganizationSchema = z.object({
  id: z.coerce.string(),
  slug: z.string(),
  name: str,
  dateCreated: str,
  links: z.object({ organizationUrl: str, regionUrl: str }).nullish(),
});
export type Organization = z.output<typeof OrganizationSchema>;

export const MemberSchema = z.object({
  id: z.coerce.string(),
  email: str,
  name: str,
  role: str,
  orgRole: str,
  user: z.object({ id: z.coerce.string(), username: str, email: str, name: str }).nullish(),
});
export type Member = z.output<typeof MemberSchema>;

/** The user who owns the access token. */
export function getCurrentUser(client: SentryClient, signal?: AbortSignal): Promise<User> {
  return client.get("/api/0/auth/", UserSchema, { signal });
}

export function listOrganizations(
  client: SentryClient,
  options: { query?: string; cursor?: string; perPage?: number; signal?: AbortSignal },
): Promise<Page<Organization[]>> {
  return client.getPage("/api/0/organizations/", z.array(OrganizationSchema), {
    query: { query: options.query, cursor: options.cursor, per_page: options.perPage },
    signal: options.signal,
  });
}

export async function getOrganization(
  client: SentryClient,
  org: string,
  signal?: AbortSignal,
): Promise<Organization> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`/api/0/organizations/${enc(org)}/`, OrganizationSchema, { baseUrl, signal });
}

export async function listMembers(
  client: SentryClient,
  org: string,
  options: { query?: string; cursor?: string; signal?: AbortSignal } = {},
): Promise<Page<Member[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/members/`, z.array(MemberSchema), {
    baseUrl,
    query: { query: options.query, cursor: options.cursor },
    signal: options.signal,
  });
}

/** Encodes one path segment. */
export function enc(segment: string): string {
  // A lone surrogate (malformed UTF-16) would make encodeURIComponent throw: send U+FFFD instead.
  return encodeURIComponent(segment.toWellFormed());
}
