-- A co-signer's gov.br signature (issue 46): where the model asks the citizen's signature, each co-signer signs the
-- same way. The co-signer's authorisation waits in assinatura_pendente like the citizen's (parte_id says whose), and
-- the document they signed (the form as the requester checked it, with their PKCS#7 and the state's seal) is kept
-- with their party.
alter table assinatura_pendente add column parte_id bigint;
alter table formulario_parte add column pdf_assinado bytea;
