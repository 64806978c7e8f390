// The row types of packages/server/src checked against the database (docs/contributors/architecture.md#sql-functions):
// every `query<Row>(sql, …)` whose SQL is known before it runs is described by a fresh migrated
// database without running it, and its row type must name the statement's result columns, no more
// and no fewer, each of a type the column's values have. The interfaces tagged `@table <table>` are
// checked against their tables' columns, nullability included (a description does not say it).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { startPglite } from '@obra/server/testing';
import { removeDataDir, ROOT, seededDataDir } from './support/api.ts';

const SOURCE = join(ROOT, 'packages/server/src');
const CONTRACT = join(ROOT, 'packages/schema/src');

/**
 * What a column's type may be in TypeScript, by its type as information_schema and format_type
 * name it: the values both drivers give (PGlite and node-postgres). A type they give differently
 * (bigint: a number on PGlite, a string on node-postgres) is cast by the query (`count(*)::int`).
 */
const ACCEPTED: Record<string, RegExp> = {
  text: /^(string|"[^"]*")$/,
  'character varying': /^(string|"[^"]*")$/,
  // A literal the query selects without a cast (`'es' as lang`), and the catalogue's names.
  unknown: /^(string|"[^"]*")$/,
  name: /^string$/,
  uuid: /^string$/,
  integer: /^(number|\d+)$/,
  smallint: /^(number|\d+)$/,
  'double precision': /^number$/,
  numeric: /^string$/,
  boolean: /^(boolean|true|false)$/,
  // A Date (`string & Date`: the contract's text, read as a Date).
  'timestamp with time zone': /^(Date|string & Date)$/,
  date: /^Date$/,
  bytea: /^(Uint8Array|Buffer)\b/,
  ARRAY: /\[\]$/,
  jsonb: /./,
  json: /./,
};

/** What the contract's types say of a column's values, sent as JSON writes them. */
const SENT_AS: Record<string, string[]> = { 'timestamp with time zone': ['text'], date: ['text'] };

/** The casts the code reads a column's values through, for the row types tied to a table (not to one statement). */
const READ_AS: Record<string, string[]> = { bigint: ['integer', 'double precision', 'text'], numeric: ['double precision'], ...SENT_AS };

/** The findings for one property of TypeScript type `parts` (its union's members) read from a column of `dataType`. */
function typeFindings(where: string, parts: readonly string[], dataType: string, casts: readonly string[] = []): string[] {
  const accepted = [dataType, ...casts].map((one) => ACCEPTED[one.endsWith('[]') ? 'ARRAY' : one] ?? /^$/);
  // `string | Date`: a time as read or as sent (Sendable, admin/context.ts).
  const sendable = (part: string) => part === 'string' && parts.includes('Date');
  const held = (part: string) =>
    part === 'null' || part === 'undefined' || sendable(part) || accepted.some((pattern) => pattern.test(part));
  return parts.every(held) ? [] : [`${where} is ${parts.join(' | ')}, the column ${dataType}`];
}

/**
 * What a row type and a statement's result columns disagree on: a property no column holds, a
 * column no property reads (unless the row type takes any column too), a type.
 */
function rowFindings(where: string, row: RowType, columns: readonly { name: string; type: string }[]): string[] {
  const wrong: string[] = [];
  for (const property of row.properties) {
    const column = columns.find((one) => one.name === property.name);
    if (!column) wrong.push(`${where}: ${property.name} is not a result column`);
    else wrong.push(...typeFindings(`${where}: ${property.name}`, property.parts, column.type, property.sent ? SENT_AS[column.type] : []));
  }
  for (const { name } of columns)
    if (!row.open && !row.properties.some((property) => property.name === name))
      wrong.push(`${where}: the result column ${name} is not in the row type`);
  return wrong;
}

interface RowProperty {
  name: string;
  /** The members of its type's union, as TypeScript writes them (`string`, `"es"`, `null`, `Date`, `string[]`). */
  parts: string[];
  /** It is the admin contract's (packages/schema): what the API sends, where a time is the ISO text JSON makes of a Date. */
  sent?: boolean;
}

// A program over packages/server/src for its type checker (named row types, `Omit<…>`, imported
// constants). The libraries' declarations are left out but valibot's (the contract's types are its
// outputs): they are most of the time it takes to load, and no row type is made of them.
const options: ts.CompilerOptions = {
  ...ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT).options,
  lib: ['lib.es2023.d.ts'],
  types: [],
  noEmit: true,
};
const host = ts.createCompilerHost(options);
const read = host.getSourceFile;
host.getSourceFile = (name, language, ...rest) =>
  /\/node_modules\/(?!valibot\/|typescript\/lib\/)/.test(name)
    ? ts.createSourceFile(name, 'export {};', language)
    : read(name, language, ...rest);
const files = (readdirSync(SOURCE, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(SOURCE, file));
const program = ts.createProgram(files, options, host);
const checker = program.getTypeChecker();
const sources = program.getSourceFiles().filter((file) => file.fileName.startsWith(SOURCE));

/** A type's members as {@link RowProperty.parts}: `true | false` is `boolean`. */
function partsOf(type: ts.Type): string[] {
  const members = type.isUnion() ? type.types : [type];
  const parts = members.map((one) => checker.typeToString(one));
  return parts.includes('true') && parts.includes('false')
    ? ['boolean', ...parts.filter((part) => part !== 'true' && part !== 'false')]
    : parts;
}

interface RowType {
  properties: RowProperty[];
  /** It takes any column besides (`Record<string, unknown> & { id: string }`). */
  open: boolean;
}

const rowTypeOf = (type: ts.Type): RowType => ({
  properties: checker.getPropertiesOfType(type).map((property) => ({
    name: property.name,
    parts: partsOf(checker.getTypeOfSymbol(property)),
    sent: property.declarations?.some((declaration) => declaration.getSourceFile().fileName.startsWith(CONTRACT)),
  })),
  open: checker.getIndexInfosOfType(type).length > 0,
});

/**
 * Parts of SQL the request decides, as the statement is described with them (by file, the
 * expression's text): they choose the rows or their order, not the result columns.
 */
const FILTER = ''; // a where clause of admin/filter.ts, or none
const SUBSTITUTES: Record<string, Record<string, string>> = {
  'admin/bulk-routes.ts': { sql: FILTER, column: 'status' /* or assignee: read as text */ },
  'admin/inbox-routes.ts': { sql: FILTER, 'page.sql': FILTER, 'orderBy(sort)': '', 'cursorColumn(sort)': 'array[id::text] as cursor' },
  'admin/orders-routes.ts': { sql: FILTER, 'page.sql': FILTER },
  // Inbox and orders count their statuses here.
  'admin/paged-list.ts': { table: 'lead', column: 'status', 'where.sql': FILTER },
  'admin/deals-routes.ts': { 'base.sql': FILTER, clause: 'true', stageParam: 'null' },
  // Every table, every sequence in turn: what the statement returns does not depend on which.
  'backup/copy.ts': { 'ident(table)': 'lead' },
  'backup/tables.ts': { 'ident(name)': 'lead_event_id_seq' },
};

/**
 * One text an expression of SQL may stand for, with the choices it was written under: which branch
 * of each `?:` (by its condition) and which value of each expression of a few literal values, so that
 * a statement that writes one twice is described with the same choice in both places.
 */
interface Variant {
  text: string;
  chosen: Record<string, string>;
}

/** The variants written one after the other, those of conflicting choices left out. */
function concat(lists: Variant[][]): Variant[] {
  return lists.reduce<Variant[]>(
    (done, next) =>
      done.flatMap((one) =>
        next
          .filter((more) => Object.entries(more.chosen).every(([key, value]) => (one.chosen[key] ?? value) === value))
          .map((more) => ({ text: one.text + more.text, chosen: { ...one.chosen, ...more.chosen } })),
      ),
    [{ text: '', chosen: {} }],
  );
}

const fixed = (text: string): Variant[] => [{ text, chosen: {} }];

/** The values of an expression typed as a few literals (`'status' | 'assignee'`), or undefined. */
function literalsOf(node: ts.Expression): string[] | undefined {
  const type = checker.getTypeAtLocation(node);
  const members = type.isUnion() ? type.types : [type];
  return members.every((one) => one.isStringLiteral() || one.isNumberLiteral()) ? members.map((one) => String(one.value)) : undefined;
}

/** The arguments a function of SQL was called with, by its parameters: each an expression of the caller's, in the caller's bindings. */
type Bindings = Map<ts.Symbol, { node: ts.Expression; bindings: Bindings }>;

/** The texts an expression of SQL stands for ({@link Variant}), or undefined when they are not known before it runs. */
function sqlOf(file: string, node: ts.Expression, depth = 0, bindings: Bindings = new Map()): Variant[] | undefined {
  const substitute = SUBSTITUTES[file]?.[node.getText()];
  if (substitute !== undefined) return fixed(substitute);
  if (depth > 30) return undefined;
  if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node)) return fixed(node.text);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return sqlOf(file, node.expression, depth + 1, bindings);
  const symbol = ts.isIdentifier(node) ? checker.getSymbolAtLocation(node) : undefined;
  const bound = symbol && bindings.get(symbol);
  if (bound) return sqlOf(file, bound.node, depth + 1, bound.bindings);
  const passed = symbol && argumentsFor(symbol);
  if (passed) {
    const lists = passed.map((argument) => sqlOf(file, argument, depth + 1));
    return lists.every(Boolean) ? lists.flatMap((list) => list!) : undefined;
  }
  const all = (nodes: (ts.Expression | string)[]) => {
    const lists = nodes.map((one) => (typeof one === 'string' ? fixed(one) : sqlOf(file, one, depth + 1, bindings)));
    return lists.every(Boolean) ? concat(lists as Variant[][]) : undefined;
  };
  if (ts.isTemplateExpression(node))
    return all([node.head.text, ...node.templateSpans.flatMap((span) => [span.expression, span.literal.text])]);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && !isNumber(node))
    return all([node.left, node.right]);
  if (ts.isConditionalExpression(node)) {
    const [yes, no] = [sqlOf(file, node.whenTrue, depth + 1, bindings), sqlOf(file, node.whenFalse, depth + 1, bindings)];
    if (!yes || !no) return undefined;
    const condition = node.condition;
    // `x === 'value'` of an `x` of a few literal values: the branch each value takes.
    if (
      ts.isBinaryExpression(condition) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(condition.operatorToken.kind) &&
      ts.isStringLiteral(condition.right)
    ) {
      const [subject, compared] = [condition.left.getText(), condition.right.text];
      const equal = condition.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken;
      const values = literalsOf(condition.left);
      if (values)
        return values.flatMap((value) => concat([[{ text: '', chosen: { [subject]: value } }], (value === compared) === equal ? yes : no]));
    }
    const key = condition.getText();
    return [...concat([[{ text: '', chosen: { [key]: 'true' } }], yes]), ...concat([[{ text: '', chosen: { [key]: 'false' } }], no])];
  }
  // `[…].join(', ')` of known texts.
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'join') {
    const items = arrayOf(file, node.expression.expression, depth + 1);
    const separator = node.arguments[0] ? sqlOf(file, node.arguments[0], depth + 1, bindings) : fixed(',');
    return items && separator?.length === 1 ? fixed(items.join(separator[0]!.text)) : undefined;
  }
  // A function of this package that writes SQL from its arguments (`nextAttempt('attempts')`).
  const called = ts.isCallExpression(node) && functionOf(node.expression);
  if (called) {
    const inner: Bindings = new Map();
    called.parameters.forEach((parameter, i) => {
      const argument = node.arguments[i] ?? parameter.initializer;
      if (argument)
        inner.set(checker.getSymbolAtLocation(parameter.name)!, {
          node: argument,
          bindings: node.arguments[i] ? bindings : inner,
        });
    });
    return sqlOf(file, called.body, depth + 1, inner);
  }
  const initializer = initializerOf(node);
  const constant = initializer && sqlOf(file, initializer, depth + 1, bindings);
  if (constant) return constant;
  const values = literalsOf(node);
  if (values) return values.map((text) => ({ text, chosen: values.length > 1 ? { [node.getText()]: text } : {} }));
  // A number: a limit (any one stands for it) or a parameter's (`$${n}`, any value).
  return isNumber(node) ? fixed(A_NUMBER) : undefined;
}

/** Whether an expression is a number (a limit, a parameter's position), whatever its value. */
function isNumber(node: ts.Expression): boolean {
  const type = checker.getTypeAtLocation(node);
  return (type.isUnion() ? type.types : [type]).every((one) => one.flags & ts.TypeFlags.NumberLike);
}

/** What the calls of a function of its file pass as parameter `symbol` (a statement its callers write), or undefined. */
function argumentsFor(symbol: ts.Symbol): ts.Expression[] | undefined {
  const parameter = symbol.valueDeclaration;
  const fn = parameter && ts.isParameter(parameter) ? parameter.parent : undefined;
  if (!fn || !ts.isFunctionDeclaration(fn) || !fn.name) return undefined;
  const index = fn.parameters.indexOf(parameter as ts.ParameterDeclaration);
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === fn.name!.text && node.arguments[index])
      found.push(node.arguments[index]);
    ts.forEachChild(node, visit);
  };
  visit(fn.getSourceFile());
  return found.length ? found : undefined;
}

/** The function a call calls when it is one of this package that returns one expression, with its parameters. */
function functionOf(callee: ts.Expression): { parameters: readonly ts.ParameterDeclaration[]; body: ts.Expression } | undefined {
  let symbol = checker.getSymbolAtLocation(callee);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !declaration.getSourceFile().fileName.startsWith(SOURCE)) return undefined;
  const fn =
    ts.isVariableDeclaration(declaration) && declaration.initializer && ts.isArrowFunction(declaration.initializer)
      ? declaration.initializer
      : ts.isFunctionDeclaration(declaration)
        ? declaration
        : undefined;
  const body = fn?.body;
  if (!fn || !body) return undefined;
  if (!ts.isBlock(body)) return { parameters: fn.parameters, body };
  const [only] = body.statements;
  return body.statements.length === 1 && only && ts.isReturnStatement(only) && only.expression
    ? { parameters: fn.parameters, body: only.expression }
    : undefined;
}

const A_NUMBER = '\u0000';

/** A statement's text with its unknown numbers written: a parameter's `$n` as a null, a limit as 1. */
const written = (text: string) => text.replaceAll(`$${A_NUMBER}`, 'null').replaceAll(A_NUMBER, '1');

/** The texts of an array of SQL (a constant list of columns of a module), or undefined. */
function arrayOf(file: string, node: ts.Expression, depth: number): string[] | undefined {
  const constant = initializerOf(node);
  const moduleLevel = constant && ts.isSourceFile(constant.parent.parent.parent.parent);
  let literal = ts.isArrayLiteralExpression(node) ? node : moduleLevel ? constant : undefined;
  while (literal && (ts.isAsExpression(literal) || ts.isSatisfiesExpression(literal) || ts.isParenthesizedExpression(literal)))
    literal = literal.expression;
  if (!literal || !ts.isArrayLiteralExpression(literal)) return undefined;
  const items: string[] = [];
  for (const element of literal.elements) {
    if (ts.isSpreadElement(element)) {
      const spread = arrayOf(file, element.expression, depth + 1);
      if (!spread) return undefined;
      items.push(...spread);
    } else {
      const texts = sqlOf(file, element, depth + 1);
      if (texts?.length !== 1) return undefined;
      items.push(texts[0]!.text);
    }
  }
  return items;
}

/** The value a constant (or a constant's property) was given, wherever it is declared. */
function initializerOf(node: ts.Expression): ts.Expression | undefined {
  if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return undefined;
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (declaration && ts.isVariableDeclaration(declaration) && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)
    return declaration.initializer;
  if (declaration && ts.isPropertyAssignment(declaration)) return declaration.initializer;
  return undefined;
}

/**
 * The calls whose SQL is not known before they run, or not describable alone, by file and the
 * function they are in, with why: one not listed fails the test, and so does an entry no call needs.
 */
const UNCHECKED: Record<string, string> = {
  'backup/copy.ts rowsOf': 'reads the cursor the statement before declares',
  // The lead-kind registry's tables and columns (lead-kinds.ts), read as any columns.
  'lead-store.ts existing': 'the columns a kind asks back, from its table',
  'lead-store.ts saveOne': "an insert into the kind's table",
  'lead-store.ts write': "an insert into the kind's table",
  'admin/delete-lead.ts deleteIn': "a delete from the lead's kind's table",
  'admin/leads-routes.ts leadOf': "the row of the lead's kind's table",
  'admin/conversations-routes.ts leadFacts': "the row of the lead's kind's table",
  'admin/summary.ts readableSummaries': "the fields of every kind's table",
  'admin/leads-routes.ts exportLeads': "the CSV's columns of every kind",
  'export.ts runExport': 'the columns `npm run export` is asked for',
};

interface QueryCall {
  where: string;
  key: string;
  /** Its SQL's possible texts, undefined when not known. */
  sql?: Variant[];
  row: RowType;
}

/** The name of the function a node is in (a function's, or the constant's or property's it is the value of). */
function functionName(node: ts.Node): string {
  for (let scope = node.parent; scope; scope = scope.parent) {
    if ((ts.isFunctionDeclaration(scope) || ts.isMethodDeclaration(scope)) && scope.name) return scope.name.getText();
    if (
      (ts.isArrowFunction(scope) || ts.isFunctionExpression(scope)) &&
      (ts.isVariableDeclaration(scope.parent) || ts.isPropertyAssignment(scope.parent))
    )
      return scope.parent.name.getText();
  }
  return '';
}

/** Every `.query<Row>(sql, …)` of packages/server/src but those of a generic function, whose caller names the row type. */
function queryCalls(): { calls: QueryCall[]; generic: string[] } {
  const calls: QueryCall[] = [];
  const generic: string[] = [];
  for (const source of sources) {
    const file = relative(SOURCE, source.fileName);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        node.typeArguments?.length === 1 &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'query'
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const where = `${file}:${line}`;
        const type = checker.getTypeFromTypeNode(node.typeArguments[0]!);
        const key = `${file} ${functionName(node)}`;
        if (type.flags & ts.TypeFlags.TypeParameter) generic.push(key);
        else calls.push({ where, key, sql: node.arguments[0] && sqlOf(file, node.arguments[0]), row: rowTypeOf(type) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { calls, generic };
}

// A copy of the migrated template: a new database of this version.
const dataDir = await seededDataDir();
const pglite: PGlite = startPglite(join(dataDir, 'pglite'));
afterAll(async () => {
  await pglite.close();
  removeDataDir(dataDir);
});

describe('the row types of the queries', () => {
  it('name the result columns of their statements, each of a type its values have', async () => {
    const types = new Map(
      (await pglite.query<{ oid: number; name: string }>('select oid::int, format_type(oid, null) as name from pg_type')).rows.map(
        ({ oid, name }) => [oid, name],
      ),
    );
    const { calls, generic } = queryCalls();
    const wrong: string[] = [];
    const checked = calls.filter((call) => call.sql && !(call.key in UNCHECKED));
    for (const { where, sql, row } of checked) {
      for (const { text } of sql!) {
        try {
          const { resultFields } = await pglite.describeQuery(written(text));
          const columns = resultFields.map(({ name, dataTypeID }) => ({ name, type: types.get(dataTypeID) ?? String(dataTypeID) }));
          wrong.push(...rowFindings(where, row, columns));
        } catch (error) {
          wrong.push(`${where}: ${(error as Error).message}\n${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Those not checked are listed, and each listed one is still there.
    const unchecked = [...new Set(calls.filter((call) => !checked.includes(call)).map((call) => call.key))].sort();
    expect(unchecked).toEqual(Object.keys(UNCHECKED).sort());
    // Generic: PGlite's wrapper, and claimDue (jobs.ts) whose callers' rows are tagged with their tables (below).
    expect(generic).toEqual(['db/pglite.ts query', 'jobs.ts claimDue']);
    expect(checked.length).toBeGreaterThanOrEqual(150);
  });

  it('find a planted mistake: a renamed column, a column left out, a wrong type, a missing cast, a time typed as text', () => {
    const columns = [
      { name: 'id', type: 'uuid' },
      { name: 'n', type: 'bigint' },
      { name: 'amount', type: 'numeric' },
    ];
    const row = (properties: Record<string, string[]>, open = false): RowType => ({
      properties: Object.entries(properties).map(([name, parts]) => ({ name, parts })),
      open,
    });
    expect(rowFindings('q', row({ id: ['string'], n: ['string'], amount: ['string'] }), columns)).toEqual([
      'q: n is string, the column bigint',
    ]);
    expect(rowFindings('q', row({ ident: ['string'], amount: ['number'] }), columns)).toEqual([
      'q: ident is not a result column',
      'q: amount is number, the column numeric',
      'q: the result column id is not in the row type',
      'q: the result column n is not in the row type',
    ]);
    expect(rowFindings('q', row({ id: ['number', 'null'] }, true), columns)).toEqual(['q: id is number | null, the column uuid']);
    expect(rowFindings('q', row({ id: ['string'] }, true), columns)).toEqual([]);
    // A time typed as text: only the contract's types, which say what JSON sends, may.
    const at = [{ name: 'at', type: 'timestamp with time zone' }];
    expect(rowFindings('q', row({ at: ['string'] }), at)).toEqual(['q: at is string, the column timestamp with time zone']);
    expect(rowFindings('q', { properties: [{ name: 'at', parts: ['string'], sent: true }], open: false }, at)).toEqual([]);
  });
});

/**
 * The interfaces of packages/server/src tagged `@table <table> …`, with their properties; `@computed <property> …`
 * names those no column holds, `@notnull <property> …` nullable columns the code reads only where set.
 */
function taggedRowTypes() {
  const found: { where: string; tables: string[]; computed: string[]; set: string[]; row: RowType }[] = [];
  for (const source of sources) {
    for (const statement of source.statements) {
      if (!ts.isInterfaceDeclaration(statement)) continue;
      const tag = (name: string) =>
        (ts.getTextOfJSDocComment(ts.getJSDocTags(statement).find((one) => one.tagName.text === name)?.comment) ?? '')
          .split(/\s+/)
          .filter(Boolean);
      if (!tag('table').length) continue;
      found.push({
        where: `${relative(SOURCE, source.fileName)} ${statement.name.text}`,
        tables: tag('table'),
        computed: tag('computed'),
        set: tag('notnull'),
        row: rowTypeOf(checker.getTypeAtLocation(statement)),
      });
    }
  }
  return found;
}

describe('the row types tied to tables', () => {
  it('name columns of their tables, nullable where the column is, of a type its values have', async () => {
    const { rows: columns } = await pglite.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      'select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = current_schema()',
    );
    const rowTypes = taggedRowTypes();
    expect(rowTypes.length).toBeGreaterThanOrEqual(9);
    const wrong: string[] = [];
    for (const { where, tables, computed, set, row } of rowTypes) {
      for (const { name, parts } of row.properties.filter((property) => !computed.includes(property.name))) {
        const column = tables.map((table) => columns.find((one) => one.table_name === table && one.column_name === name)).find(Boolean);
        if (!column) {
          wrong.push(`${where}: ${name} is not a column of ${tables.join(' or ')}`);
          continue;
        }
        if (parts.includes('null') !== (column.is_nullable === 'YES' && !set.includes(name)))
          wrong.push(`${where}: ${name} is ${parts.join(' | ')}, the column is ${column.is_nullable === 'YES' ? 'nullable' : 'not null'}`);
        wrong.push(...typeFindings(`${where}: ${name}`, parts, column.data_type, READ_AS[column.data_type]));
      }
    }
    expect(wrong).toEqual([]);
  });
});
