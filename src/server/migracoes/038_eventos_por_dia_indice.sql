-- The events list's deep pages for the whole console (issue 47): the jump reads the month's days from
-- contador_evento_dia_grupo summed over every group (migration 036), and with no group to lead its primary key it read
-- the whole table (~1,500 rows a year at ten million forms: 0.28 ms of a ~0.5 ms jump) to keep the month's ~120.
-- An index by day reads only those (the jump 0.51-0.79 → 0.33-0.36 ms in psql). A small table: built at once.
create index contador_evento_dia_grupo_dia_idx on contador_evento_dia_grupo (dia);
