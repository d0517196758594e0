import { Tag } from '@blueprintjs/core';
import { rotuloDe, type Rotulado } from '../../forms/status';
import { useT } from '../app/contexto';

/** A state drawn as a tag: its label always written (never colour alone), its intent as colour. */
export function Etiqueta<K extends string>({ tabela, codigo }: { tabela: Record<K, Rotulado>; codigo: string }) {
  const r = rotuloDe(tabela, codigo, useT());
  return (
    <Tag minimal intent={r.intent} data-codigo={codigo}>
      {r.rotulo}
    </Tag>
  );
}
