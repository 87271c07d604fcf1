import type { Compilable, CompiledQuery } from 'kysely';

/** What `build` is given in place of each value: the compiled query carries it where the value goes. */
const SLOT = '\u0000gradapp-value-';

/**
 * A query Kysely builds and compiles once, then run with each call's values. On the small queries
 * every request makes, building and compiling cost more than the database's own work (docs/
 * performance.md, "The server near its limit"). `build` is given stand-ins for the values and
 * must hand each to the builder as a value (a `where` operand, an inserted value), never as SQL
 * text or a name; the values are text (ids, hashes).
 */
export function compileOnce<R>(build: (...values: string[]) => Compilable<R>): (...values: string[]) => CompiledQuery<R> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: (number | null)[] = [];
  return (...values) => {
    if (!compiled) {
      compiled = build(...values.map((_, index) => `${SLOT}${index}`)).compile();
      slots = compiled.parameters.map((parameter) => (typeof parameter === 'string' && parameter.startsWith(SLOT) ? Number(parameter.slice(SLOT.length)) : null));
      if (new Set(slots.filter((slot) => slot !== null)).size !== values.length) throw new Error(`compileOnce: a value was not used as a parameter in ${compiled.sql}`);
    }
    const { parameters } = compiled;
    return { ...compiled, parameters: slots.map((slot, index) => (slot === null ? parameters[index] : values[slot])) };
  };
}
