import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** What an image was uploaded for; each purpose has its own sizes. */
export const IMAGE_PURPOSES = ['avatar', 'group', 'post'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** One stored rendition of an image: a width of section 9 or an avatar square. */
export interface ImageVariant {
  /** 'w640' … 'w3840' for widths, 's16' … 's384' for squares. */
  name: string;
  format: 'webp' | 'avif';
  width: number;
  height: number;
  bytes: number;
}

/**
 * An uploaded image: the original is checked by content, cleaned (metadata removed, EXIF
 * orientation applied) and kept only as its renditions, in local storage under DATA_DIR or
 * an S3-compatible bucket. Served at /media/images/{id}/{variant}.{format}.
 */
export const images = pgTable(
  'images',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: IMAGE_PURPOSES }).notNull(),
    /** The type the upload turned out to be by its content, e.g. 'image/jpeg'. */
    sourceType: text().notNull(),
    /** Size of the uploaded file in bytes. */
    sourceBytes: integer().notNull(),
    /** Pixels of the upright original. */
    width: integer().notNull(),
    height: integer().notNull(),
    variants: jsonb().$type<ImageVariant[]>().notNull(),
    /** Where the renditions are: 'local' or 's3'. */
    storage: text({ enum: ['local', 's3'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('images_owner_created_idx').on(table.ownerId, table.createdAt.desc()),
    check('images_purpose_check', sql`${table.purpose} in ('avatar', 'group', 'post')`),
    check('images_storage_check', sql`${table.storage} in ('local', 's3')`),
  ],
);
