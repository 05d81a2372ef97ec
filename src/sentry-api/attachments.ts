import { z } from "zod";
import type { Download, Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();

export const AttachmentSchema = z.object({
  id: z.coerce.string(),
  name: str,
  type: str,
  mimetype: str,
  size: z.number().nullish(),
  dateCreated: str,
  sha1: str,
});
export type Attachment = z.output<typeof AttachmentSchema>;

export function attachmentPath(org: string, project: string, eventId: string, id?: string) {
  const base = `/api/0/projects/${enc(org)}/${enc(project)}/events/${enc(eventId)}/attachments/`;
  return id ? `${base}${enc(id)}/` : base;
}

export async function listEventAttachments(
  client: SentryClient,
  org: string,
  project: string,
  eventId: string,
  options: { cursor?: string; signal?: AbortSignal } = {},
): Promise<Page<Attachment[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(attachmentPath(org, project, eventId), z.array(AttachmentSchema), {
    baseUrl,
    signal: options.signal,
    query: { cursor: options.cursor },
  });
}

/** Downloads one attachment's bytes (at most `maxBytes`; larger files come back `tooLarge`). */
export async function downloadEventAttachment(
  client: SentryClient,
  org: string,
  project: string,
  eventId: string,
  attachmentId: string,
  options: {
    maxBytes: number;
    accept?: (meta: { contentType?: string; filename?: string; size?: number }) => boolean;
    signal?: AbortSignal;
  },
): Promise<Download & { url: string }> {
  const baseUrl = await client.regionFor(org, options.signal);
  const path = attachmentPath(org, project, eventId, attachmentId);
  const download = await client.download(path, {
    baseUrl,
    signal: options.signal,
    maxBytes: options.maxBytes,
    accept: options.accept,
    query: { download: 1 },
  });
  return { ...download, url: `${baseUrl}${path}?download=1` };
}
