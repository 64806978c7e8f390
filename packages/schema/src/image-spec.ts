import * as v from 'valibot';
import { IMAGE_SPEC_FIELDS, projectSchema } from './design-form.ts';
import { validate } from './validate.ts';

type Entries = typeof projectSchema.entries;
type Name = (typeof IMAGE_SPEC_FIELDS)[number];

/**
 * The `spec` of POST generate-image (docs/contributors/behaviour.md#image-generation): the structured choices the image is drawn
 * from, each by its rule in the project's schema. Every field is optional (a fresh form generates too) and missing ones read as empty;
 * unknown fields are dropped, so the canonical spec (and the image's id) depends on these only.
 */
export const imageSpecSchema = v.object(
  Object.fromEntries(IMAGE_SPEC_FIELDS.map((name) => [name, v.optional(projectSchema.entries[name], '')])) as {
    [K in Name]: v.OptionalSchema<Entries[K], ''>;
  },
);

/** Validates a generate-image `spec`; the value has every field, empty when not chosen. */
export const validateImageSpec = (input: unknown) => validate(imageSpecSchema, input);
