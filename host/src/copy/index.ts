import type { Lang } from '../routes.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import type { Copy } from './types.ts';

export type { Copy, Item } from './types.ts';

/** The copy of each language. */
export const COPY: Readonly<Record<Lang, Copy>> = { es, en };
