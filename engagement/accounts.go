package engagement

import (
	"database/sql"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	c "github.com/folio/folio/collections"
)

// Engagement routes check an account token on every like. PocketBase's loadAuthToken
// reads the account's whole users row for that (an unprepared query and a record
// resolve: ~30 % of a like's CPU in the write profile). Service.Account runs just before
// it on the engagement routes and does the same check more cheaply, as a memo of
// PocketBase's own (app.FindAuthRecordByToken, which parses the token, reads the account
// and verifies the signature with its tokenKey and the collection's secret): a token that
// check accepted is remembered with the key that verified it and its account record, and
// the next request with the same token string reads only the account's tokenKey and
// updated stamp (a prepared narrow query); while both are unchanged the remembered record
// is reused (a copy) without parsing the token again (the two JWT parses were a sixth of a
// like's CPU), its time claims (exp, nbf, iat) validated again every time, as PocketBase's
// parse does. A changed password (a new tokenKey), an edited or removed account (a new
// updated stamp) or a deleted one (no row) is therefore seen at once, whichever process
// made the change: the token then goes to PocketBase's check again. Anything it does not
// vouch for is left to loadAuthToken.
//
// The like routes go one step further (inBatch): a remembered token skips the read too,
// and the like's batch checks the tokenKey in its transaction (likeFindSQL). So the token
// check is PocketBase's, in one place; what remains beside it is the memo's stamp read and
// the batch's tokenKey comparison, the two ways this memo learns that its answer is stale.

const (
	engagementAuthMax = 10_000 // accounts remembered; past it the memo starts again
	accountStampSQL   = `SELECT "` + core.FieldNameTokenKey + `", "updated" FROM "` + c.Users + `" WHERE "id" = ?`
)

// accountMemo remembers account records by id with the stamp they were read at.
type accountMemo struct {
	mu    sync.Mutex
	recs  map[string]accountEntry
	toks  map[string]tokenEntry // by the token string; bounded like recs
	once  sync.Once
	stmt  *sql.Stmt        // accountStampSQL on the app's read pool; nil: not available
	clock func() time.Time // the time remembered tokens are validated at (tests move it)
}

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

func newAccountMemo() *accountMemo {
	return &accountMemo{recs: map[string]accountEntry{}, toks: map[string]tokenEntry{}, clock: time.Now}
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

// keyIs reports whether key is tokenKey+secret (without building that string).
func keyIs(key, tokenKey, secret string) bool {
	return len(key) == len(tokenKey)+len(secret) && strings.HasPrefix(key, tokenKey) && key[len(tokenKey):] == secret
}

// Account is the users account of an auth token (without its "Bearer " prefix), or nil
// (no token, another collection's, or any doubt: PocketBase's loadAuthToken then decides
// as usual). With inBatch (the like routes, where a token is required and only the
// account's id is used) it may vouch for a remembered token without reading the account's
// row: proof is then the tokenKey the like's batch must find on the account (Op.Proof),
// and an account whose tokenKey changed, or that is gone, is refused there
// (ErrAccountGone: the 401 requireAccount gives) with nothing written. The row's read was
// a ninth of a like's CPU; in the batch it is one index lookup more in a statement it runs
// anyway. proof is "" when the account's row was read here.
func (s *Service) Account(token string, inBatch bool) (rec *core.Record, proof string) {
	if token == "" {
		return nil, ""
	}
	app, m := s.app, s.accounts
	users, err := app.FindCachedCollectionByNameOrId(c.Users)
	if err != nil {
		return nil, ""
	}
	m.mu.Lock()
	tok, known := m.toks[token]
	m.mu.Unlock()
	if known && tok.colID == users.Id {
		if jwt.NewValidator(jwt.WithIssuedAt(), jwt.WithTimeFunc(m.clock)).Validate(tok.claims) != nil {
			return nil, "" // expired since: PocketBase refuses it
		}
		m.mu.Lock()
		entry, ok := m.recs[tok.id]
		m.mu.Unlock()
		if ok && entry.rec.Collection() == users && keyIs(tok.key, entry.tokenKey, users.AuthToken.Secret) {
			if inBatch {
				return entry.rec.Clone(), entry.tokenKey
			}
			tokenKey, updated, err := m.stamp(app, tok.id)
			if err != nil {
				return nil, ""
			}
			if tokenKey == entry.tokenKey && updated == entry.updated {
				return entry.rec.Clone(), ""
			}
		}
	} else {
		// Only users' auth tokens are this memo's: others go to loadAuthToken unread.
		claims, err := security.ParseUnverifiedJWT(token)
		if err != nil {
			return nil, ""
		}
		tok.claims = claims
		tok.id, _ = claims[core.TokenClaimId].(string)
		tok.colID, _ = claims[core.TokenClaimCollectionId].(string)
		if typ, _ := claims[core.TokenClaimType].(string); tok.id == "" || typ != core.TokenTypeAuth || tok.colID != users.Id {
			return nil, ""
		}
	}
	// PocketBase's own check, then remember what it accepted.
	found, err := app.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil || found.Collection() != users || found.Id != tok.id {
		return nil, ""
	}
	tok.key = found.TokenKey() + users.AuthToken.Secret
	entry := accountEntry{rec: found, tokenKey: found.TokenKey(), updated: found.GetDateTime("updated").String()}
	m.mu.Lock()
	if len(m.toks) >= engagementAuthMax {
		m.toks = map[string]tokenEntry{}
	}
	m.toks[token] = tok
	if len(m.recs) >= engagementAuthMax {
		m.recs = map[string]accountEntry{}
	}
	m.recs[tok.id] = entry
	m.mu.Unlock()
	return found.Clone(), ""
}
