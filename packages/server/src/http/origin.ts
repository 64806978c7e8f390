import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Config } from '../config.ts';
import { forwardedHeader } from './proxy.ts';

/**
 * The origin clients reach the API on: PUBLIC_URL, else the request's own scheme and Host (the
 * proxy's X-Forwarded-Proto/-Host only on a connection from a proxy of TRUST_PROXY). Set
 * PUBLIC_URL in production: without it the Host header, which a client chooses, decides this origin.
 */
export function publicOrigin(req: IncomingMessage, config: Pick<Config, 'publicUrl' | 'trustProxy'>): string {
  if (config.publicUrl) return config.publicUrl;
  const forwarded = (name: string) => forwardedHeader(req, name, config.trustProxy);
  const proto = forwarded('x-forwarded-proto') || ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  return `${proto}://${forwarded('x-forwarded-host') || req.headers.host || 'localhost'}`;
}
