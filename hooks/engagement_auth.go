package hooks

import (
	"database/sql"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"

	c "github.com/folio/folio/collections"
)

// Engagement routes check an account token on every like. PocketBase's loadAuthToken
// reads the account's whole users row for that (an unprepared query and a record
// resolve: ~30 % of a like's CPU in the write profile). engagementAuth runs just before
// it on the engagement routes and does the same check more cheaply: a prepared narrow
// query reads the account's tokenKey and updated stamp on every request; while both are
// unchanged the record read by an earlier request is reused (a copy), and the token is
// still verified against that tokenKey and the users collection's current secret, as
// PocketBase does. A changed password (a new tokenKey), an edited or removed account (a
// new updated stamp) or a deleted one (no row) is therefore seen at once, whichever
// process made the change. Anything it does not vouch for is left to loadAuthToken.
//
// A token it has verified is remembered too, with the key it was verified against
// (the account's tokenKey and the collection's secret): the next request with the same
// token string skips both JWT parses (the unverified one that finds the account and the
// signature check, together a sixth of a like's CPU) while that key is unchanged, and its
// time claims (exp, nbf, iat) are validated again every time, as PocketBase's parse does.
//
// The like routes go one step further (engagementAuth's inBatch, below): a remembered
// token skips the read too, and the like's batch checks the tokenKey in its transaction.

const (
	engagementAuthStore = "folio.engagementAuth"
	engagementAuthMax   = 10_000 // accounts remembered; past it the memo starts again
	accountStampSQL     = `SELECT "` + core.FieldNameTokenKey + `", "updated" FROM "` + c.Users + `" WHERE "id" = ?`
)

// accountMemo remembers account records by id with the stamp they were read at.
type accountMemo struct {
	mu   sync.Mutex
	recs map[string]accountEntry
	toks map[string]tokenEntry // by the token string; bounded like recs
	once sync.Once
	stmt *sql.Stmt // accountStampSQL on the app's read pool; nil: not available
}

// tokenClock is the time remembered tokens are validated at (tests move it).
var tokenClock = time.Now

// tokenEntry is a token verified once: its claims and the key that verified it.
type tokenEntry struct {
	claims    jwt.MapClaims
	id, colID string
	key       string
}

type accountEntry struct {
	rec               *core.Record
	tokenKey, updated string
}

func accountMemoOf(app core.App) *accountMemo {
	return app.Store().GetOrSet(engagementAuthStore, func() any {
		return &accountMemo{recs: map[string]accountEntry{}, toks: map[string]tokenEntry{}}
	}).(*accountMemo)
}

// stamp reads id's tokenKey and updated stamp; sql.ErrNoRows when the account is gone.
func (m *accountMemo) stamp(app core.App, id string) (tokenKey, updated string, err error) {
	m.once.Do(func() {
		if db, ok := app.ConcurrentDB().(*dbx.DB); ok {
			m.stmt, _ = db.DB().Prepare(accountStampSQL)
		}
	})
	if m.stmt == nil {
		err = app.ConcurrentDB().NewQuery(strings.Replace(accountStampSQL, "?", "{:id}", 1)).
			Bind(dbx.Params{"id": id}).Row(&tokenKey, &updated)
		return tokenKey, updated, err
	}
	err = m.stmt.QueryRow(id).Scan(&tokenKey, &updated)
	return tokenKey, updated, err
}

// close releases the prepared statement when the app terminates.
func (m *accountMemo) close() {
	m.once.Do(func() {}) // no statement after this
	if m.stmt != nil {
		_ = m.stmt.Close()
	}
}

// engagementAuth is the engagement routes' token check (see above). With inBatch (the
// like routes, where a token is required and only the account's id is used), a token
// verified before against the tokenKey of the account record remembered now is vouched
// for without reading the account's row in the request: the request carries that
// tokenKey (accountProof) and the like's batch checks it in its own transaction, with
// the statement that finds the like's row (likeFindSQL). An account whose tokenKey has
// changed or that is gone is then refused there with the answer requireAccount gives
// (errAccountGone: 401), and nothing is written for it. The row's read was a ninth of a
// like's CPU; in the batch it is one index lookup more in a statement it runs anyway.
func engagementAuth(inBatch bool) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioEngagementAuth",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil {
				if rec, proof := memoAccountIn(e, inBatch); rec != nil {
					e.Auth = rec
					if proof != "" {
						e.Set(accountProofKey, proof)
					}
				}
			}
			return e.Next()
		},
	}
}

const accountProofKey = "folioAccountProof"

// keyIs reports whether key is tokenKey+secret (without building that string).
func keyIs(key, tokenKey, secret string) bool {
	return len(key) == len(tokenKey)+len(secret) && strings.HasPrefix(key, tokenKey) && key[len(tokenKey):] == secret
}

// accountProof is the tokenKey the batch must find on the request's account ("": the
// account was read in the request).
func accountProof(e *core.RequestEvent) string {
	proof, _ := e.Get(accountProofKey).(string)
	return proof
}

// memoAccountIn is the account of the request's auth token, or nil (no token, another
// collection's, or any doubt: loadAuthToken then decides as usual). With inBatch it may
// vouch for the account with the tokenKey its batch must find on it (proof; "" when the
// row was read here).
func memoAccountIn(e *core.RequestEvent, inBatch bool) (rec *core.Record, proof string) {
	token := e.Request.Header.Get("Authorization")
	if len(token) > 7 && strings.EqualFold(token[:7], "Bearer ") { // as PocketBase reads it
		token = token[7:]
	}
	if token == "" {
		return nil, ""
	}
	m := accountMemoOf(e.App)
	m.mu.Lock()
	tok, known := m.toks[token]
	m.mu.Unlock()
	if known {
		if jwt.NewValidator(jwt.WithIssuedAt(), jwt.WithTimeFunc(tokenClock)).Validate(tok.claims) != nil {
			return nil, "" // expired since: PocketBase refuses it
		}
	} else {
		claims, err := security.ParseUnverifiedJWT(token)
		if err != nil {
			return nil, ""
		}
		tok.claims = claims
		tok.id, _ = claims[core.TokenClaimId].(string)
		tok.colID, _ = claims[core.TokenClaimCollectionId].(string)
		if typ, _ := claims[core.TokenClaimType].(string); tok.id == "" || typ != core.TokenTypeAuth {
			return nil, ""
		}
	}
	id := tok.id
	users, err := e.App.FindCachedCollectionByNameOrId(c.Users)
	if err != nil || tok.colID != users.Id {
		return nil, ""
	}
	if known && inBatch {
		m.mu.Lock()
		entry, ok := m.recs[id]
		m.mu.Unlock()
		if ok && entry.rec.Collection() == users && keyIs(tok.key, entry.tokenKey, users.AuthToken.Secret) {
			return entry.rec.Clone(), entry.tokenKey
		}
	}
	tokenKey, updated, err := m.stamp(e.App, id)
	if err != nil {
		return nil, ""
	}
	if key := tokenKey + users.AuthToken.Secret; tok.key != key {
		if _, err := security.ParseJWT(token, key); err != nil {
			return nil, ""
		}
		tok.key = key
		m.mu.Lock()
		if len(m.toks) >= engagementAuthMax {
			m.toks = map[string]tokenEntry{}
		}
		m.toks[token] = tok
		m.mu.Unlock()
	}
	m.mu.Lock()
	entry, ok := m.recs[id]
	m.mu.Unlock()
	if !ok || entry.tokenKey != tokenKey || entry.updated != updated || entry.rec.Collection() != users {
		rec, err := e.App.FindRecordById(users, id)
		if err != nil || rec.TokenKey() != tokenKey || rec.GetDateTime("updated").String() != updated {
			return nil, "" // changed between the two reads: PocketBase's own check decides
		}
		entry = accountEntry{rec: rec, tokenKey: tokenKey, updated: updated}
		m.mu.Lock()
		if len(m.recs) >= engagementAuthMax {
			m.recs = map[string]accountEntry{}
		}
		m.recs[id] = entry
		m.mu.Unlock()
	}
	return entry.rec.Clone(), ""
}
