/** Types of enderecos.mjs (a module the runner, plain Node, imports too). */
export declare const URL_POSTGRES_ADMIN: string;
export declare const URL_REPLICA: string;
