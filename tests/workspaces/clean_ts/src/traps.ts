// Traps: documentation that is right, written in the ways TypeScript code is documented.
import * as fs from 'node:fs';

/** Options of {@link readConfig}. */
export interface ConfigOptions {
  /** The file to read. */
  path: string;
  /** Whether a missing file is an error; defaults to true. */
  strict?: boolean;
}

/**
 * Parses a number or a string.
 * @param value the value to parse
 * @returns {number} the number it holds
 */
export function parseValue(value: string): number;
export function parseValue(value: number): number;
export function parseValue(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

/**
 * Joins words.
 * @param {Array<string>} words the words
 * @param {string} [sep=', '] the separator
 * @param {...string} extra more words
 * @returns {string} the joined words
 */
export function joinWords(words: string[], sep = ', ', ...extra: string[]): string {
  return [...words, ...extra].join(sep);
}

/**
 * Reads the configuration file asynchronously.
 * @param {ConfigOptions} options where and how to read
 * @param options.path the file
 * @returns {Promise<string>} the text of the file
 * @throws {Error} when the file cannot be read
 * @async
 */
export async function readConfig({ path, strict = true }: ConfigOptions): Promise<string> {
  try {
    return await fs.promises.readFile(path, 'utf8');
  } catch (err) {
    if (strict) {
      throw err;
    }
    return '';
  }
}

/**
 * Parses JSON text.
 * @param text the text
 * @throws {SyntaxError} when the text is not JSON
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text);
}

/**
 * Looks up a user.
 * @param {string} [id] the user's id
 * @returns {string|undefined} the name, if found
 */
export function findUser(id?: string): string | undefined {
  return id ? `user ${id}` : undefined;
}

/**
 * Waits for the given time.
 * @param ms how long, in milliseconds
 * @returns a promise that resolves after `ms`
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A point on the plane. */
export class Point {
  /**
   * Creates a point.
   * @param x the horizontal coordinate
   * @param y the vertical coordinate
   */
  constructor(public readonly x: number, public readonly y: number) {}

  /**
   * The distance to the origin.
   * @returns {number} the length of the vector
   */
  get length(): number {
    return Math.hypot(this.x, this.y);
  }

  /**
   * Walks the coordinates.
   * @yields {number} each coordinate
   */
  *[Symbol.iterator](): Generator<number> {
    yield this.x;
    yield this.y;
  }
}
