/**
 * The fields that the objects of ngrok's API share (SSH certificate authorities, host and user
 * certificates): their id, API URI, creation time, and the two free-text fields, which ngrok
 * leaves out of a response when they are empty. Loaded only by the resources' `api.ts` modules
 * (it loads zod).
 *
 * @module
 */
import { z } from "zod";

/** The zod shape of `id`, `uri`, `created_at`, `description` and `metadata`. */
export const API_OBJECT_FIELDS = {
  id: z.string().min(1),
  uri: z.string(),
  created_at: z.string(),
  description: z.string().optional(),
  metadata: z.string().optional(),
};
