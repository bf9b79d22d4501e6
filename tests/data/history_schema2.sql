-- A progress history in schema 2 (several learners: the default one and Léa, her goal and a round),
-- as tablecalc wrote it before items could be suspended (made by that version; PRAGMA application_id is
-- set by the test).
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
    rating            INTEGER NOT NULL,  -- fsrs.Rating given to the item's card
    learner           TEXT NOT NULL DEFAULT ''  -- learners.key ('': the default learner)
);
INSERT INTO "answers" VALUES(1,'2025-03-03T18:00:00.000000+00:00','s1','arith','mul','arith:mul:7*8','{"question": "7 × 8", "item": "arith:mul:7*8"}','0',0,'{"correct": false}',0,3.0,6.0,1,'');
INSERT INTO "answers" VALUES(2,'2025-03-03T18:01:00.000000+00:00','s1','arith','mul','arith:mul:6*7','{"question": "6 × 7", "item": "arith:mul:6*7"}','0',1,'{"correct": true}',0,3.0,6.0,4,'');
INSERT INTO "answers" VALUES(3,'2025-03-03T18:00:00.000000+00:00','s1','arith','mul','arith:mul:7*8','{"question": "7 × 8", "item": "arith:mul:7*8"}','0',0,'{"correct": false}',0,3.0,6.0,1,'léa');
INSERT INTO "answers" VALUES(4,'2025-03-04T18:00:00.000000+00:00','s1','arith','mul','arith:mul:7*8','{"question": "7 × 8", "item": "arith:mul:7*8"}','0',1,'{"correct": true}',0,3.0,6.0,4,'léa');
INSERT INTO "answers" VALUES(5,'2025-03-04T18:00:00.000000+00:00','s1','arith','mul','arith:mul:9*6','{"question": "9 × 6", "item": "arith:mul:9*6"}','0',0,'{"correct": false}',0,3.0,6.0,1,'léa');
CREATE TABLE items (
    learner    TEXT NOT NULL DEFAULT '', -- learners.key ('': the default learner)
    item       TEXT NOT NULL,
    drill      TEXT NOT NULL,
    level      TEXT NOT NULL,
    puzzle     TEXT NOT NULL,            -- JSON, as last asked
    card       TEXT NOT NULL,            -- JSON of fsrs.Card.to_dict()
    due        TEXT NOT NULL,            -- same format as answers.at
    answers    INTEGER NOT NULL,
    wrong      INTEGER NOT NULL,
    lapses     INTEGER NOT NULL,         -- wrong answers once the item had been learnt (FSRS Review state)
    last_at    TEXT NOT NULL,
    PRIMARY KEY (learner, item)
);
INSERT INTO "items" VALUES('','arith:mul:7*8','arith','mul','{"question": "7 × 8", "item": "arith:mul:7*8"}','{"card_id": 662310681, "state": 1, "step": 0, "stability": 0.212, "difficulty": 6.4133, "due": "2025-03-03T18:01:00+00:00", "last_review": "2025-03-03T18:00:00+00:00"}','2025-03-03T18:01:00.000000+00:00',1,1,0,'2025-03-03T18:00:00.000000+00:00');
INSERT INTO "items" VALUES('','arith:mul:6*7','arith','mul','{"question": "6 × 7", "item": "arith:mul:6*7"}','{"card_id": 3053942975, "state": 2, "step": null, "stability": 8.2956, "difficulty": 1.0, "due": "2025-03-11T18:01:00+00:00", "last_review": "2025-03-03T18:01:00+00:00"}','2025-03-11T18:01:00.000000+00:00',1,0,0,'2025-03-03T18:01:00.000000+00:00');
INSERT INTO "items" VALUES('léa','arith:mul:7*8','arith','mul','{"question": "7 × 8", "item": "arith:mul:7*8"}','{"card_id": 662310681, "state": 2, "step": null, "stability": 3.348709732599786, "difficulty": 5.200020369516838, "due": "2025-03-07T18:00:00+00:00", "last_review": "2025-03-04T18:00:00+00:00"}','2025-03-07T18:00:00.000000+00:00',2,1,0,'2025-03-04T18:00:00.000000+00:00');
INSERT INTO "items" VALUES('léa','arith:mul:9*6','arith','mul','{"question": "9 × 6", "item": "arith:mul:9*6"}','{"card_id": 3395030804, "state": 1, "step": 0, "stability": 0.212, "difficulty": 6.4133, "due": "2025-03-04T18:01:00+00:00", "last_review": "2025-03-04T18:00:00+00:00"}','2025-03-04T18:01:00.000000+00:00',1,1,0,'2025-03-04T18:00:00.000000+00:00');
CREATE TABLE learners (
    key        TEXT PRIMARY KEY,         -- the name as compared (learner_key): NFC, case-folded
    name       TEXT NOT NULL,            -- the name as first typed (learner_name)
    daily_goal INTEGER,                  -- answers a day (0: no goal); NULL: DEFAULT_DAILY_GOAL
    created_at TEXT NOT NULL             -- same format as answers.at
) WITHOUT ROWID;
INSERT INTO "learners" VALUES('léa','Léa',15,'2025-03-03T18:00:00.000000+00:00');
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('application','tablecalc-history');
INSERT INTO "meta" VALUES('created_at','2026-11-26T07:40:15.713717+00:00');
INSERT INTO "meta" VALUES('schema_version','2');
CREATE TABLE rounds (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       TEXT NOT NULL,              -- same format as answers.at: when the bell rang
    session  TEXT NOT NULL,              -- answers.session of the round's answers
    drill    TEXT NOT NULL,
    level    TEXT NOT NULL,
    mode     TEXT NOT NULL,              -- how it was played: 'zetamac'
    seconds  REAL NOT NULL,              -- the round's length
    score    INTEGER NOT NULL,
    learner  TEXT NOT NULL DEFAULT ''    -- learners.key ('': the default learner)
);
INSERT INTO "rounds" VALUES(1,'2025-03-05T18:00:00.000000+00:00','s2','arith','mul','zetamac',120.0,14,'léa');
CREATE INDEX answers_by_drill ON answers (learner, drill, level, at);
CREATE INDEX answers_by_item ON answers (learner, item);
CREATE INDEX answers_by_time ON answers (learner, at);
CREATE INDEX items_due ON items (learner, drill, level, due);
CREATE INDEX rounds_by_kind ON rounds (learner, drill, level, mode, seconds, at);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('answers',5);
INSERT INTO "sqlite_sequence" VALUES('rounds',1);
COMMIT;
