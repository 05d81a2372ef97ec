/** A registered OAuth client as the store keeps it (RFC 7591 metadata plus our fields). */
export type AuthMethod = "none" | "client_secret_post" | "client_secret_basic";

export interface OAuthClient {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: AuthMethod;
  grant_types: string[];
  response_types: string[];
  scope?: string;
  client_id_issued_at: number;
  secretHash?: string;
}
