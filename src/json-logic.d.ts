/** The part of json-logic-js 2.0.5 (MIT) that src/forms/expressoes.ts uses: it has no types of its own. */
declare module 'json-logic-js' {
  interface JsonLogic {
    apply(logica: unknown, dados?: unknown): unknown;
    add_operation(nome: string, operacao: (...args: any[]) => unknown): void;
    rm_operation(nome: string): void;
    truthy(v: unknown): boolean;
  }
  const jsonLogic: JsonLogic;
  export default jsonLogic;
}
