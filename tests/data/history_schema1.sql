-- A progress history in schema 1, as tablecalc wrote it before streaks, goals and families
-- (made by recording six answers with that version; PRAGMA application_id is set by the test).
BEGIN TRANSACTION;
CREATE TABLE answers (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    at                TEXT NOT NULL,     -- UTC, fixed-width ISO 8601: sorts as text
    session           TEXT NOT NULL,
    drill             TEXT NOT NULL,
    level             TEXT NOT NULL,
    item              TEXT NOT NULL,
    puzzle            TEXT NOT NULL,     -- JSON
    answer            TEXT NOT NULL,
    correct           INTEGER NOT NULL CHECK (correct IN (0, 1)),
    verdict           TEXT NOT NULL,     -- JSON
    penalty           INTEGER NOT NULL,
    seconds           REAL NOT NULL,
    reference_seconds REAL NOT NULL,
    rating            INTEGER NOT NULL   -- fsrs.Rating given to the item's card
);
INSERT INTO "answers" VALUES(1,'2025-03-03T18:00:00.000000+00:00','old','arith','mul','arith:mul:7×8','{"type": "puzzle", "game": "arith", "level": "mul", "prompt": "7 × 8", "item": "arith:mul:7×8"}','1',0,'{"correct": false}',0,4.0,6.0,1);
INSERT INTO "answers" VALUES(2,'2025-03-03T18:01:00.000000+00:00','old','arith','mul','arith:mul:7×8','{"type": "puzzle", "game": "arith", "level": "mul", "prompt": "7 × 8", "item": "arith:mul:7×8"}','1',0,'{"correct": false}',0,4.0,6.0,1);
INSERT INTO "answers" VALUES(3,'2025-03-03T18:02:00.000000+00:00','old','arith','mul','arith:mul:6×9','{"type": "puzzle", "game": "arith", "level": "mul", "prompt": "6 × 9", "item": "arith:mul:6×9"}','1',1,'{"correct": true}',0,4.0,6.0,3);
INSERT INTO "answers" VALUES(4,'2025-03-03T18:03:00.000000+00:00','old','arith','add','arith:add:47+29','{"type": "puzzle", "game": "arith", "level": "add", "prompt": "47 + 29", "item": "arith:add:47+29"}','1',0,'{"correct": false}',0,4.0,6.0,1);
INSERT INTO "answers" VALUES(5,'2025-03-04T18:00:00.000000+00:00','old','nambarz','basic','nambarz:basic:3-bee|10 2 5 6','{"type": "puzzle", "game": "nambarz", "level": "basic", "prompt": "Cover 3-bee with your hand: 6 5 2 10", "item": "nambarz:basic:3-bee|10 2 5 6"}','1',0,'{"correct": false}',3,4.0,6.0,1);
INSERT INTO "answers" VALUES(6,'2025-03-04T18:01:00.000000+00:00','old','arith','mul','arith:mul:7×8','{"type": "puzzle", "game": "arith", "level": "mul", "prompt": "7 × 8", "item": "arith:mul:7×8"}','1',1,'{"correct": true}',0,4.0,6.0,3);
CREATE TABLE items (
    item       TEXT PRIMARY KEY,
    drill      TEXT NOT NULL,
    level      TEXT NOT NULL,
    puzzle     TEXT NOT NULL,            -- JSON, as last asked
    card       TEXT NOT NULL,            -- JSON of fsrs.Card.to_dict()
    due        TEXT NOT NULL,            -- same format as answers.at
    answers    INTEGER NOT NULL,
    wrong      INTEGER NOT NULL,
    lapses     INTEGER NOT NULL,         -- wrong answers once the item had been learnt (FSRS Review state)
    last_at    TEXT NOT NULL
);
INSERT INTO "items" VALUES('arith:mul:7×8','arith','mul','{"type": "puzzle", "game": "arith", "level": "mul", "prompt": "7 × 8", "item": "arith:mul:7×8"}','{"card_id": 299945685, "state": 1, "step": 1, "stability": 0.6139445736022262, "difficulty": 8.792726533684817, "due": "2025-03-04T18:11:00+00:00", "last_review": "2025-03-04T18:01:00+00:00"}','2025-03-04T18:11:00.000000+00:00',3,2,0,'2025-03-04T18:01:00.000000+00:00');
INSERT INTO "items" VALUES('arith:mul:6×9','arith','mul','{"type": "puzzle", "game": "arith", "level": "mul", "prompt": "6 × 9", "item": "arith:mul:6×9"}','{"card_id": 3730544934, "state": 1, "step": 1, "stability": 2.3065, "difficulty": 2.118103970459016, "due": "2025-03-03T18:12:00+00:00", "last_review": "2025-03-03T18:02:00+00:00"}','2025-03-03T18:12:00.000000+00:00',1,0,0,'2025-03-03T18:02:00.000000+00:00');
INSERT INTO "items" VALUES('arith:add:47+29','arith','add','{"type": "puzzle", "game": "arith", "level": "add", "prompt": "47 + 29", "item": "arith:add:47+29"}','{"card_id": 1718237448, "state": 1, "step": 0, "stability": 0.212, "difficulty": 6.4133, "due": "2025-03-03T18:04:00+00:00", "last_review": "2025-03-03T18:03:00+00:00"}','2025-03-03T18:04:00.000000+00:00',1,1,0,'2025-03-03T18:03:00.000000+00:00');
INSERT INTO "items" VALUES('nambarz:basic:3-bee|10 2 5 6','nambarz','basic','{"type": "puzzle", "game": "nambarz", "level": "basic", "prompt": "Cover 3-bee with your hand: 6 5 2 10", "item": "nambarz:basic:3-bee|10 2 5 6"}','{"card_id": 3924762380, "state": 1, "step": 0, "stability": 0.212, "difficulty": 6.4133, "due": "2025-03-04T18:01:00+00:00", "last_review": "2025-03-04T18:00:00+00:00"}','2025-03-04T18:01:00.000000+00:00',1,1,0,'2025-03-04T18:00:00.000000+00:00');
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('application','tablecalc-history');
INSERT INTO "meta" VALUES('created_at','2025-03-03T17:59:00.000000+00:00');
INSERT INTO "meta" VALUES('schema_version','1');
CREATE INDEX answers_by_drill ON answers (drill, level, at);
CREATE INDEX answers_by_item ON answers (item);
CREATE INDEX items_due ON items (drill, level, due);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('answers',6);
COMMIT;
