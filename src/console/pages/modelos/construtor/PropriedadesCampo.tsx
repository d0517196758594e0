import { Checkbox, FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { PARTES_ENDERECO } from '../../../../forms/brasileiros';
import { useEffect, useId, useRef, useState } from 'react';
import { chaveRequerente, chaveTipo, DADOS_DO_LOGIN, REGRAS_POR_TIPO, TAMANHO_MAXIMO_PADRAO, TIPO_DO_LOGIN, type DadoDoLogin, TIPO_DO_REQUERENTE, type CampoDefinicao, type Definicao, type PapelRequerente } from '../../../../forms/definicao';
import { TIPOS_CAMPO, type TipoCampo } from '../../../../forms/vocabulario';
import { tipoPessoal } from '../../../../forms/dadosPessoais';
import { FAMILIAS_ARQUIVO, limitesDoArquivo, TAMANHO_MAXIMO_MB, TAMANHO_PADRAO_MB } from '../../../../forms/tiposArquivo';
import { alterarCampo, definirArquivo, definirRegra, definirRegraData, opcoesDeTexto, slug, textoDeOpcoes, valorRegra } from '../../../../forms/edicao';
import { CampoData } from '../../../ui/CampoData';
import { EditorCondicao } from './EditorCondicao';
import { lerNumero } from '../../../../validation/regras';
import { useT } from '../../../app/contexto';

type RegraNumerica = 'minLength' | 'maxLength' | 'minValue' | 'maxValue';

const chaveRegra = (r: RegraNumerica) => `regra.${r}` as const;

/** The field types as a select's options, in DESIGN.md's order (the add-field select and the type select). */
export function OpcoesTipoCampo() {
  const t = useT();
  return TIPOS_CAMPO.map((tipo) => (
    <option key={tipo} value={tipo}>
      {t(chaveTipo(tipo))}
    </option>
  ));
}

export type AoMudarDefinicao = (f: (d: Definicao) => Definicao, chave?: string) => void;

/** Text kept as typed while it means the same as the model's value; replaced when the value changes elsewhere (undo). */
export function useTextoDe<T>(valor: T, paraTexto: (v: T) => string, significa: (texto: string) => T) {
  const [texto, setTexto] = useState(() => paraTexto(valor));
  useEffect(() => {
    if (JSON.stringify(significa(texto)) !== JSON.stringify(valor)) setTexto(paraTexto(valor));
  }, [valor]);
  return [texto, setTexto] as const;
}

const numeroOuNulo = (t: string): number | null => (t.trim() === '' ? null : lerNumero(t));

/** A number typed into the builder: its label, its message (the error when `ruim`), kept as typed. */
function CampoNumerico({ rotulo, texto, ruim, mensagem, inputMode, placeholder, desabilitado, aoDigitar }: { rotulo: string; texto: string; ruim: boolean; mensagem: string; inputMode: 'decimal' | 'numeric'; placeholder?: string; desabilitado?: boolean; aoDigitar: (texto: string) => void }) {
  const id = useId();
  return (
    <FormGroup label={rotulo} labelFor={id} intent={ruim ? 'danger' : 'none'} helperText={<span id={`${id}-msg`}>{mensagem}</span>}>
      <InputGroup id={id} inputMode={inputMode} value={texto} placeholder={placeholder} disabled={desabilitado} intent={ruim ? 'danger' : 'none'} aria-invalid={ruim} aria-describedby={`${id}-msg`} onChange={(e) => aoDigitar(e.currentTarget.value)} />
    </FormGroup>
  );
}

function CampoRegra({ campo, tipo, aoMudar, desabilitado }: { campo: CampoDefinicao; tipo: RegraNumerica; aoMudar: AoMudarDefinicao; desabilitado?: boolean }) {
  const tr = useT();
  const [texto, setTexto] = useTextoDe(valorRegra(campo, tipo), (v) => (v === null ? '' : String(v)), numeroOuNulo);
  const n = numeroOuNulo(texto);
  const ruim = n !== null && !Number.isFinite(n);
  // An empty maximum length is not "no limit": the type's default applies (issue 33).
  const padrao = tipo === 'maxLength' ? TAMANHO_MAXIMO_PADRAO[campo.tipo] : undefined;
  return (
    <CampoNumerico
      rotulo={tr(chaveRegra(tipo))}
      texto={texto}
      ruim={ruim}
      mensagem={ruim ? tr('regra.numero') : padrao !== undefined ? tr('regra.maximo-padrao', { n: padrao }) : tr('regra.sem-limite')}
      placeholder={padrao !== undefined ? String(padrao) : undefined}
      inputMode="decimal"
      desabilitado={desabilitado}
      aoDigitar={(t) => {
        setTexto(t);
        const v = numeroOuNulo(t);
        if (v === null || Number.isFinite(v)) aoMudar((d) => definirRegra(d, campo.id, tipo, v), `${campo.id}.${tipo}`);
      }}
    />
  );
}

/**
 * Who the requester is, and personal data (issue 13): a CPF, text or e-mail field may be the requester's
 * CPF, name or e-mail (it fills the form's requester columns; the citizen's login fills the CPF); any
 * field may be marked personal. CPF, e-mail, phone-like and requester fields always are.
 */
function DadosPessoaisDoCampo({ campo: c, desabilitado, mudar }: { campo: CampoDefinicao; desabilitado?: boolean; mudar: (patch: Partial<Omit<CampoDefinicao, 'id'>>, chave: string) => void }) {
  const id = useId();
  const papel = (Object.keys(TIPO_DO_REQUERENTE) as PapelRequerente[]).find((p) => TIPO_DO_REQUERENTE[p] === c.tipo);
  const t = useT();
  const sempre = tipoPessoal({ ...c, dadoPessoal: false });
  return (
    <>
      {papel && (
        <FormGroup label={t('propriedades.requerente')} labelFor={`${id}-req`} helperText={t('propriedades.requerente-ajuda')}>
          <HTMLSelect id={`${id}-req`} value={c.requerente ?? ''} disabled={desabilitado} onChange={(e) => mudar({ requerente: (e.currentTarget.value || undefined) as PapelRequerente | undefined }, 'requerente')}>
            <option value="">{t('propriedades.nao-requerente')}</option>
            <option value={papel}>{t(chaveRequerente(papel))}</option>
          </HTMLSelect>
        </FormGroup>
      )}
      <Switch
        label={sempre ? t('propriedades.pessoal-sempre') : t('propriedades.pessoal')}
        checked={!!sempre || !!c.dadoPessoal}
        disabled={desabilitado || !!sempre}
        onChange={(e) => mudar({ dadoPessoal: e.currentTarget.checked || undefined }, 'dadoPessoal')}
      />
    </>
  );
}

/**
 * The citizen's journey (issue 21): a question the citizen's login fills (name, CPF, e-mail, birth date,
 * by the field's type), shown locked as "Informado pelo gov.br"; and the e-mail question that receives
 * the confirmation of the submission.
 */
function LoginEConfirmacao({ campo: c, desabilitado, mudar }: { campo: CampoDefinicao; desabilitado?: boolean; mudar: (patch: Partial<Omit<CampoDefinicao, 'id'>>, chave: string) => void }) {
  const id = useId();
  const t = useT();
  const dado = DADOS_DO_LOGIN.find((x) => TIPO_DO_LOGIN[x] === c.tipo);
  return (
    <>
      {dado && (
        <FormGroup label={t('propriedades.login')} labelFor={`${id}-login`} helperText={t('propriedades.login-ajuda')}>
          <HTMLSelect id={`${id}-login`} value={c.preencherDoLogin ?? ''} disabled={desabilitado} onChange={(e) => mudar({ preencherDoLogin: (e.currentTarget.value || undefined) as DadoDoLogin | undefined }, 'preencherDoLogin')}>
            <option value="">{t('propriedades.login-nao')}</option>
            <option value={dado}>{t(`propriedades.login.${dado}`)}</option>
          </HTMLSelect>
        </FormGroup>
      )}
      {c.tipo === 'email' && <Switch label={t('propriedades.confirmacao')} checked={!!c.confirmacao} disabled={desabilitado} onChange={(e) => mudar({ confirmacao: e.currentTarget.checked || undefined }, 'confirmacao')} />}
      {c.tipo === 'telefone' && <Switch label={t('propriedades.internacional')} checked={!!c.internacional} disabled={desabilitado} onChange={(e) => mudar({ internacional: e.currentTarget.checked || undefined }, 'internacional')} />}
      {(c.tipo === 'email' || c.tipo === 'telefone') && <Switch label={t('propriedades.verificado')} checked={!!c.verificado} disabled={desabilitado} onChange={(e) => mudar({ verificado: e.currentTarget.checked || undefined }, 'verificado')} />}
    </>
  );
}

/** What a CEP field fills (issue 44): a text question for each part of the address, or none. */
function EnderecoDoCep({ campo: c, textos, desabilitado, mudar }: { campo: CampoDefinicao; textos: CampoDefinicao[]; desabilitado?: boolean; mudar: (patch: Partial<Omit<CampoDefinicao, 'id'>>, chave: string) => void }) {
  const id = useId();
  const t = useT();
  return (
    <fieldset className="cf-grupo-campos">
      <legend>{t('propriedades.endereco')}</legend>
      <p className="cf-ajuda">{t('propriedades.endereco-ajuda')}</p>
      {PARTES_ENDERECO.map((parte) => (
        <FormGroup key={parte} label={t(`propriedades.endereco.${parte}`)} labelFor={`${id}-${parte}`} inline>
          <HTMLSelect
            id={`${id}-${parte}`}
            value={c.endereco?.[parte] ?? ''}
            disabled={desabilitado}
            onChange={(e) => {
              const { [parte]: _, ...resto } = c.endereco ?? {};
              const endereco = e.currentTarget.value ? { ...resto, [parte]: e.currentTarget.value } : resto;
              mudar({ endereco: Object.keys(endereco).length ? endereco : undefined }, 'endereco');
            }}
          >
            <option value="">{t('propriedades.endereco.nenhuma')}</option>
            {textos.map((x) => (
              <option key={x.id} value={x.id}>
                {x.rotulo || x.id}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ))}
    </fieldset>
  );
}

/** A date field's rules (issue 13): not in the future, not in the past, a minimum and a maximum date. */
function RegrasData({ campo: c, aoMudar, desabilitado }: { campo: CampoDefinicao; aoMudar: AoMudarDefinicao; desabilitado?: boolean }) {
  const tr = useT();
  const tem = (t: string) => c.regras.find((r) => r.tipo === t) as { min?: string; max?: string } | undefined;
  const mudar = (tipo: Parameters<typeof definirRegraData>[2], v: boolean | string | null) => aoMudar((d) => definirRegraData(d, c.id, tipo, v), `${c.id}.${tipo}`);
  return (
    <>
      <Switch label={tr('propriedades.nao-futuro')} checked={!!tem('dataNaoFutura')} disabled={desabilitado} onChange={(e) => mudar('dataNaoFutura', e.currentTarget.checked)} />
      <Switch label={tr('propriedades.nao-passado')} checked={!!tem('dataNaoPassada')} disabled={desabilitado} onChange={(e) => mudar('dataNaoPassada', e.currentTarget.checked)} />
      <CampoData rotulo={tr('propriedades.data-minima')} valor={tem('dataMinima')?.min ?? null} aoMudar={(iso, ok) => ok && mudar('dataMinima', iso)} />
      <CampoData rotulo={tr('propriedades.data-maxima')} valor={tem('dataMaxima')?.max ?? null} aoMudar={(iso, ok) => ok && mudar('dataMaxima', iso)} />
    </>
  );
}

/** What a file field accepts (issue 15): its maximum size and the kinds of file, chosen from a list. */
function ArquivoDoCampo({ campo: c, aoMudar, desabilitado }: { campo: CampoDefinicao; aoMudar: AoMudarDefinicao; desabilitado?: boolean }) {
  const id = useId();
  const tr = useT();
  const lerMb = (texto: string): number | null | typeof NaN => (texto.trim() === '' ? null : /^\d+$/.test(texto.trim()) ? Number(texto) : NaN);
  const [texto, setTexto] = useTextoDe(c.arquivo?.tamanhoMaximoMb ?? null, (v) => (v === null ? '' : String(v)), (t) => {
    const n = lerMb(t);
    return n === null || Number.isNaN(n) ? null : n;
  });
  const n = lerMb(texto);
  const ruim = n !== null && !(Number.isInteger(n) && n >= 1 && n <= TAMANHO_MAXIMO_MB);
  const { familias } = limitesDoArquivo(c.arquivo);
  const mudar = (patch: Parameters<typeof definirArquivo>[2], chave: string) => aoMudar((d) => definirArquivo(d, c.id, patch), `${c.id}.${chave}`);
  return (
    <fieldset className="cf-grupo-campos cf-arquivos-aceitos">
      <legend>{tr('propriedades.arquivos')}</legend>
      <CampoNumerico
        rotulo={tr('propriedades.tamanho-maximo')}
        texto={texto}
        ruim={ruim}
        mensagem={ruim ? tr('propriedades.tamanho-invalido', { max: TAMANHO_MAXIMO_MB }) : tr('propriedades.tamanho-ajuda', { max: TAMANHO_MAXIMO_MB, padrao: TAMANHO_PADRAO_MB })}
        inputMode="numeric"
        placeholder={String(TAMANHO_PADRAO_MB)}
        desabilitado={desabilitado}
        aoDigitar={(t) => {
          setTexto(t);
          const v = lerMb(t);
          if (v === null || (Number.isInteger(v) && v >= 1 && v <= TAMANHO_MAXIMO_MB)) mudar({ tamanhoMaximoMb: v }, 'tamanhoMaximoMb');
        }}
      />
      <div role="group" aria-labelledby={`${id}-tipos`} aria-describedby={`${id}-tipos-ajuda`}>
        <span id={`${id}-tipos`} className="bp6-label">
          {tr('propriedades.tipos-aceitos')}
        </span>
        {FAMILIAS_ARQUIVO.map((f) => {
          const marcado = familias.includes(f);
          return (
            <Checkbox
              key={f}
              label={tr(`arquivo.familia.${f}`)}
              checked={marcado}
              // The last one stays: a file field accepts at least one kind of file.
              disabled={desabilitado || (marcado && familias.length === 1)}
              onChange={(e) => mudar({ tipos: e.currentTarget.checked ? [...familias, f] : familias.filter((x) => x !== f) }, 'tipos')}
            />
          );
        })}
        <div id={`${id}-tipos-ajuda`} className="bp6-form-helper-text">
          {tr('propriedades.tipos-ajuda')}
        </div>
      </div>
    </fieldset>
  );
}

function CampoOpcoes({ campo, aoMudar, desabilitado }: { campo: CampoDefinicao; aoMudar: AoMudarDefinicao; desabilitado?: boolean }) {
  const id = useId();
  const tr = useT();
  const [texto, setTexto] = useTextoDe(campo.opcoes ?? [], textoDeOpcoes, opcoesDeTexto);
  return (
    <FormGroup label={tr('propriedades.opcoes')} labelFor={id} labelInfo="*" helperText={<span id={`${id}-msg`}>{tr('propriedades.opcoes-ajuda')}</span>}>
      <TextArea
        id={id}
        fill
        rows={Math.min(10, Math.max(3, (campo.opcoes?.length ?? 0) + 1))}
        value={texto}
        disabled={desabilitado}
        aria-describedby={`${id}-msg`}
        onChange={(e) => {
          const t = e.currentTarget.value;
          setTexto(t);
          aoMudar((d) => alterarCampo(d, campo.id, { opcoes: opcoesDeTexto(t) }), `${campo.id}.opcoes`);
        }}
      />
    </FormGroup>
  );
}

/** The selected field's properties: label, answer name, type, help, required, its rules and options. */
export function PropriedadesCampo({ campo: c, anteriores, textos, analises = [], problemas, aoMudar, aoRenomear, aoSairDoRotulo, desabilitado, focarRotulo }: { campo: CampoDefinicao; anteriores: CampoDefinicao[]; textos?: CampoDefinicao[]; analises?: { id: string; titulo: string }[]; problemas: string[]; aoMudar: AoMudarDefinicao; aoRenomear: (de: string, para: string) => void; aoSairDoRotulo?: (id: string, rotuloAntes: string) => void; desabilitado?: boolean; focarRotulo?: boolean }) {
  const id = useId();
  const t = useT();
  // The label when the designer started typing it: whether the answer's name still follows it.
  const rotuloAntes = useRef(c.rotulo);
  const mudar = (patch: Partial<Omit<CampoDefinicao, 'id'>>, chave: string) => aoMudar((d) => alterarCampo(d, c.id, patch), `${c.id}.${chave}`);
  const [idTexto, setIdTexto] = useTextoDe(c.id, (v) => v, slug);
  return (
    <div className="cf-propriedades" role="group" aria-label={t('propriedades.do-campo', { rotulo: c.rotulo })}>
      {problemas.length > 0 && (
        <ul className="cf-problemas-campo" aria-label={t('propriedades.problemas')}>
          {problemas.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="cf-propriedades-grade">
        <FormGroup label={t('propriedades.rotulo')} labelFor={`${id}-rotulo`} labelInfo="*">
          <InputGroup
            id={`${id}-rotulo`}
            value={c.rotulo}
            disabled={desabilitado}
            autoFocus={focarRotulo}
            onFocus={() => (rotuloAntes.current = c.rotulo)}
            onBlur={() => aoSairDoRotulo?.(c.id, rotuloAntes.current)}
            onChange={(e) => mudar({ rotulo: e.currentTarget.value }, 'rotulo')}
          />
        </FormGroup>
        <FormGroup label={t('propriedades.tipo')} labelFor={`${id}-tipo`}>
          <HTMLSelect id={`${id}-tipo`} value={c.tipo} disabled={desabilitado} onChange={(e) => mudar({ tipo: e.currentTarget.value as TipoCampo }, 'tipo')}>
            <OpcoesTipoCampo />
          </HTMLSelect>
        </FormGroup>
      </div>
      <FormGroup label={t('propriedades.ajuda')} labelFor={`${id}-ajuda`} helperText={t('propriedades.ajuda-ajuda')}>
        <TextArea id={`${id}-ajuda`} fill rows={2} value={c.ajuda ?? ''} disabled={desabilitado} onChange={(e) => mudar({ ajuda: e.currentTarget.value }, 'ajuda')} />
      </FormGroup>
      <Switch label={t('propriedades.obrigatorio')} checked={c.obrigatorio} disabled={desabilitado} onChange={(e) => mudar({ obrigatorio: e.currentTarget.checked }, 'obrigatorio')} />
      <DadosPessoaisDoCampo campo={c} desabilitado={desabilitado} mudar={mudar} />
      <LoginEConfirmacao campo={c} desabilitado={desabilitado} mudar={mudar} />
      {(analises.length > 0 || c.etapa) && (
        <FormGroup label={t('propriedades.etapa')} labelFor={`${id}-etapa`} helperText={t('propriedades.etapa-ajuda')}>
          <HTMLSelect id={`${id}-etapa`} value={c.etapa ?? ''} disabled={desabilitado} onChange={(e) => mudar({ etapa: e.currentTarget.value || undefined }, 'etapa')}>
            <option value="">{t('propriedades.etapa-cidadao')}</option>
            {analises.map((a) => (
              <option key={a.id} value={a.id}>
                {a.titulo}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      <EditorCondicao condicao={c.condicao} anteriores={anteriores} nome={c.rotulo || c.id} desabilitado={desabilitado} aoMudar={(condicao) => mudar({ condicao }, 'condicao')} />
      {REGRAS_POR_TIPO[c.tipo].length > 0 && (
        <fieldset className="cf-grupo-campos cf-regras">
          <legend>{t('propriedades.regras')}</legend>
          {c.tipo === 'data' ? (
            <RegrasData campo={c} aoMudar={aoMudar} desabilitado={desabilitado} />
          ) : (
            (REGRAS_POR_TIPO[c.tipo] as RegraNumerica[]).map((t) => <CampoRegra key={t} campo={c} tipo={t} aoMudar={aoMudar} desabilitado={desabilitado} />)
          )}
        </fieldset>
      )}
      {(c.tipo === 'escolha-unica' || c.tipo === 'escolha-multipla') && <CampoOpcoes campo={c} aoMudar={aoMudar} desabilitado={desabilitado} />}
      {c.tipo === 'arquivo' && <ArquivoDoCampo campo={c} aoMudar={aoMudar} desabilitado={desabilitado} />}
      {c.tipo === 'cep' && <EnderecoDoCep campo={c} textos={textos ?? []} desabilitado={desabilitado} mudar={mudar} />}
      <FormGroup label={t('propriedades.nome-resposta')} labelFor={`${id}-id`} helperText={<span id={`${id}-id-msg`}>{t('propriedades.nome-resposta-ajuda')}</span>}>
        <InputGroup
          id={`${id}-id`}
          value={idTexto}
          disabled={desabilitado}
          aria-describedby={`${id}-id-msg`}
          onChange={(e) => setIdTexto(e.currentTarget.value)}
          onBlur={() => {
            const novo = slug(idTexto);
            if (novo && novo !== c.id) aoRenomear(c.id, novo);
            else setIdTexto(c.id);
          }}
        />
      </FormGroup>
    </div>
  );
}

