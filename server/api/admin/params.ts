import { z } from 'zod';
import { UuidSchema } from '#common/schemas/public-api.ts';

/** `:id` of an admin resource: anything but a uuid is a 400 with a French message. */
export const IdParamsSchema = z.object({ id: UuidSchema });
