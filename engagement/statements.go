package engagement

import (
	"database/sql"
	"errors"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Engagement batches run a small fixed set of statements many times a second. The CPU
// profile of the write path showed SQLite parsing them (and dbx rewriting their
// placeholders) at a fifth of the writer's time, so they are prepared once per app on
// PocketBase's writer connection and bound to each batch's transaction.

// stmtCache holds statements prepared on the app's writer connection.
type stmtCache struct {
	app   core.App
	mu    sync.Mutex
	db    *sql.DB // the app's writer pool, once open; nil when it is not a plain *dbx.DB
	stmts map[string]*sql.Stmt
}

// newStmtCache is app's cache; the app may not have opened its databases yet (the
// Service is built before it bootstraps), so the writer's pool is looked up at first use.
func newStmtCache(app core.App) *stmtCache {
	return &stmtCache{app: app, stmts: map[string]*sql.Stmt{}}
}

// pool is the app's writer pool (nil: none, or not a plain *dbx.DB).
func (sc *stmtCache) pool() *sql.DB {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.db == nil {
		if db, ok := sc.app.NonconcurrentDB().(*dbx.DB); ok && db != nil {
			sc.db = db.DB()
		}
	}
	return sc.db
}

func (sc *stmtCache) get(query string) *sql.Stmt {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.stmts[query]
}

// prepare prepares queries for later batches; it must run outside any transaction of
// the writer connection (which it would wait for).
func (sc *stmtCache) prepare(queries []string) {
	db := sc.pool()
	if db == nil {
		return
	}
	for _, q := range queries {
		if sc.get(q) != nil {
			continue
		}
		st, err := db.Prepare(q)
		if err != nil {
			continue // the next batch prepares it in its transaction again
		}
		sc.mu.Lock()
		if sc.stmts[q] == nil {
			sc.stmts[q] = st
		} else {
			_ = st.Close()
		}
		sc.mu.Unlock()
	}
}

// closeAll closes the statements when the app terminates.
func (sc *stmtCache) closeAll() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for q, st := range sc.stmts {
		_ = st.Close()
		delete(sc.stmts, q)
	}
	sc.db = nil
}

// sqlTxOf is the database/sql transaction under a PocketBase transaction app.
func sqlTxOf(txApp core.App) (*sql.Tx, error) {
	if tx, ok := txApp.NonconcurrentDB().(*dbx.Tx); ok {
		if b, ok := tx.Builder.(interface{ Executor() dbx.Executor }); ok {
			if stx, ok := b.Executor().(*sql.Tx); ok {
				return stx, nil
			}
		}
	}
	return nil, errors.New("engagement batch: not a database/sql transaction")
}

// stmt returns query ready to run in the batch's transaction: the app's prepared
// statement bound to it, or (first use) one prepared in it and cached after the commit.
func (b *batch) stmt(query string) (*sql.Stmt, error) {
	if st, ok := b.stmts[query]; ok {
		return st, nil
	}
	var st *sql.Stmt
	if shared := b.cache.get(query); shared != nil {
		st = b.sqlTx.Stmt(shared)
	} else {
		var err error
		if st, err = b.sqlTx.Prepare(query); err != nil {
			return nil, err
		}
		b.unprepared = append(b.unprepared, query)
	}
	b.stmts[query] = st
	return st, nil
}

// exec runs a statement in the batch.
func (b *batch) exec(query string, args ...any) error {
	st, err := b.stmt(query)
	if err != nil {
		return err
	}
	_, err = st.Exec(args...)
	return err
}

// row runs a one-row query in the batch; sql.ErrNoRows when there is none.
func (b *batch) row(query string, args []any, dest ...any) error {
	st, err := b.stmt(query)
	if err != nil {
		return err
	}
	return st.QueryRow(args...).Scan(dest...)
}

// execN runs a statement in the batch and returns the rows it changed.
func (b *batch) execN(query string, args ...any) (int64, error) {
	st, err := b.stmt(query)
	if err != nil {
		return 0, err
	}
	res, err := st.Exec(args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// query runs a statement of the batch and calls scan for each row it returns.
func (b *batch) query(query string, args []any, scan func(rows *sql.Rows) error) error {
	st, err := b.stmt(query)
	if err != nil {
		return err
	}
	rows, err := st.Query(args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
