export { createApi, type Api } from './app.ts';
export { processCount, runProcesses, type ProcessOptions } from './cluster.ts';
export { loadConfig, type Config, type LogLevel } from './config.ts';
export { openDb, type Db, type Queryable } from './db/index.ts';
export { createGazetteer, loadGazetteer, type Gazetteer, type Place } from './gazetteer/index.ts';
export { LEAD_KINDS, isLeadKind, type LeadKind } from './leads.ts';
export { createLogger, type Logger } from './log.ts';
export { closeOnSignal } from './shutdown.ts';
export { createHttpServer, displayHost, listen } from './http/server.ts';
