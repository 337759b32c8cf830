#!/usr/bin/env python3
"""Makes device-v1.sqlite ... device-v6.sqlite: one device file per earlier schema version.

Each file holds the device of device-v7.sqlite (today's writer's save of the test walk:
enrolled, a second user checked out, every default app's items, keys and logs, the event
log), as a hubsim of that version left it. The schema is not today's code: each migration's
SQL is read from the commit that shipped it (git history of Sources/DeviceStore/Schema), and
the file is made as a long-lived device's was: created by the first release (v1's tables),
filled with the device in v1's shape, then migrated one release at a time (v2 to vN), each
step with its own release's SQL, `user_version` stamp and `grdb_migrations` identifier.

Run from the repository root, after recording device-v7.sqlite (README.md in this folder):
    python3 Tests/DeviceStoreTests/OldDevices/make-old-devices.py
"""
import os
import re
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = "Sources/DeviceStore/Schema/Schema.swift"
APPLICATION_ID = 0x48554253
# The commit on main that shipped each schema version (git log --first-parent -- Sources/DeviceStore/Schema).
SHIPPED = {1: "4ef84b1", 2: "4ef84b1", 3: "9b3e83c", 4: "7c662bf", 5: "f562dc1", 6: "8115f42"}
# Parents before children; v1's tables.
V1_TABLES = ["device", "apps", "items", "keychain", "app_log", "sessions", "event_log", "coverage",
             "failed_attempts", "key_server", "findings"]


def swift_source(commit):
    return subprocess.run(["git", "show", f"{commit}:{SCHEMA}"], check=True, capture_output=True, text=True).stdout


def migration(version):
    """(identifier, [sql]) of migration `version` as its release wrote it."""
    source = swift_source(SHIPPED[version])
    ids = re.findall(r'\("(v(\d+):[^"]*)", (\d+), createV\d+\)', source)
    identifier = next(i for i, _, v in ids if int(v) == version)
    body = re.search(rf"static func createV{version}\(_ db: Database\) throws \{{\n(.*?)\n    \}}\n", source, re.S).group(1)
    assert "\\(" not in body, f"v{version} at {SHIPPED[version]} interpolates: extend this script"
    statements = []
    for block in re.finditer(r'sql: """\n(.*?)\n( *)"""|sql: "([^"]*)"', body, re.S):
        if block.group(3) is not None:
            statements.append(block.group(3))
        else:
            indent = len(block.group(2))  # Swift strips the closing delimiter's indentation.
            statements.append("\n".join(line[indent:] for line in block.group(1).split("\n")))
    return identifier, statements


def stamp(db, identifier, version):
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {version}")
    db.execute("INSERT INTO grdb_migrations (identifier) VALUES (?)", (identifier,))


def fill_v1(db, source):
    """The device of `source` (today's tables) poured into v1's tables, column by column."""
    db.execute("ATTACH DATABASE ? AS current", (source,))
    moved = {("device", "profile_json"): "(SELECT profile_json FROM current.device_setup)",
             ("device", "app_set"): "(SELECT app_set FROM current.device_setup)",
             ("device", "enrollment"): "(SELECT enrollment FROM current.device_setup)",
             ("apps", "definition"): "(SELECT definition FROM current.app_definitions WHERE app = current.apps.id)"}
    for table in V1_TABLES:
        columns = [r[1] for r in db.execute(f"SELECT * FROM pragma_table_info('{table}', 'main')")]
        values = [moved.get((table, c), c) for c in columns]
        order = " ORDER BY entry" if table == "app_log" else ""
        db.execute(f"INSERT INTO main.{table} ({', '.join(columns)}) SELECT {', '.join(values)} FROM current.{table}{order}")
        copied = db.execute(f"SELECT count(*) FROM main.{table}").fetchone()[0]
        assert copied == db.execute(f"SELECT count(*) FROM current.{table}").fetchone()[0], table
    db.execute("DETACH DATABASE current")


def make(version, source):
    path = os.path.join(HERE, f"device-v{version}.sqlite")
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA secure_delete = ON")
    # GRDB's own statement for its table of applied migrations.
    db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    for v in range(1, version + 1):
        identifier, statements = migration(v)
        for sql in statements:
            db.executescript(sql)
        stamp(db, identifier, v)
        if v == 1:
            fill_v1(db, source)
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()  # Checkpoints the WAL into the file and removes it.
    print(f"{os.path.relpath(path)}: schema v{version}, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    source = os.path.join(HERE, "device-v7.sqlite")
    if not os.path.exists(source):
        sys.exit(f"{source} is missing: record it first (README.md in this folder)")
    for version in range(1, 7):
        make(version, source)
