-- The CSV export made by PostgreSQL (issue 19): every cell formatted and masked here, so the API only quotes
-- cells and streams. The masking is src/forms/dadosPessoais.ts's, kept equal by a property test
-- (test/api/exportacao.test.ts) that runs both over the same random values.

-- What `mascararTextoDe(tipo, s)` gives for a non-empty string.
create or replace function cf_mascarar_texto(tipo text, s text) returns text
language sql immutable parallel safe as $$
  select case tipo
    when 'cpf' then case when length(regexp_replace(s, '[^0-9]', '', 'g')) = 11
      then '***.' || substr(regexp_replace(s, '[^0-9]', '', 'g'), 4, 3) || '.' || substr(regexp_replace(s, '[^0-9]', '', 'g'), 7, 3) || '-**'
      else '***' end
    when 'email' then case when split_part(s, '@', 2) <> '' then left(split_part(s, '@', 1), 1) || '***@' || split_part(s, '@', 2) else '***' end
    when 'telefone' then case when length(regexp_replace(s, '[^0-9]', '', 'g')) >= 4 then '***-' || right(regexp_replace(s, '[^0-9]', '', 'g'), 4) else '***' end
    -- JavaScript's \s, spelled out (PostgreSQL's depends on the locale).
    when 'nome' then coalesce(nullif(array_to_string(array(
      select left(p, 1) || '***' from regexp_split_to_table(s, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+') with ordinality as x(p, n)
       where p <> '' order by n), ' '), ''), '***')
    else '***' end
$$;

-- What `mascarar(tipo, v)` gives for any JSON answer: empty stays empty, strings by their kind, lists item by
-- item, a file keeps all but its name.
create or replace function cf_mascarar(tipo text, v jsonb) returns jsonb
language sql immutable parallel safe as $$
  select case jsonb_typeof(v)
    when 'null' then v
    when 'string' then case when v #>> '{}' = '' then v else to_jsonb(cf_mascarar_texto(tipo, v #>> '{}')) end
    when 'array' then (select coalesce(jsonb_agg(cf_mascarar(tipo, x) order by n), '[]'::jsonb) from jsonb_array_elements(v) with ordinality as a(x, n))
    when 'object' then case when v ? 'nome' then v || '{"nome": "***"}'::jsonb else v end
    else '"***"'::jsonb end
$$;

-- A form's answers with its personal ones masked; `pessoais` maps each personal answer to its kind.
create or replace function cf_mascarar_respostas(respostas jsonb, pessoais jsonb) returns jsonb
language sql immutable parallel safe as $$
  select case when pessoais is null or respostas is null then respostas
    else respostas || coalesce((select jsonb_object_agg(k, cf_mascarar(t, respostas -> k)) from jsonb_each_text(pessoais) as p(k, t) where respostas ? k), '{}'::jsonb) end
$$;
