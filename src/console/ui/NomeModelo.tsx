/**
 * A model as staff know it: its name, with the code as secondary detail, never broken in the middle
 * (the forms list, events and retries show it alike).
 */
export function NomeModelo({ nome, codigo }: { nome: string | null; codigo: string | null }) {
  if (!codigo) return <>—</>;
  return (
    <>
      {nome ?? codigo} {nome && <span className="cf-discreto cf-sem-quebra">{codigo}</span>}
    </>
  );
}

/** A code, protocol or masked CPF: one unit, never wrapped. */
export const Codigo = ({ texto }: { texto: string | null | undefined }) => <span className="cf-sem-quebra">{texto ?? '—'}</span>;
