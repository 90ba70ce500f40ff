import { z } from 'zod';

/** The one error shape every API route answers with on failure. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    /** Stable machine-readable code, e.g. `validation_failed`, `not_found`. */
    code: z.string(),
    /** A message meant for people. */
    message: z.string(),
    /** Per-field messages for validation errors, keyed by the field's path (`body.email`). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
