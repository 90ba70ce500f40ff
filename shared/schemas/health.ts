import { z } from 'zod';

/** Answer of GET /api/health: the process is alive. */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  /** Application version from package.json. */
  version: z.string(),
  /** Seconds since the process started. */
  uptime: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** Answer of GET /api/ready: the database answers. */
export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
