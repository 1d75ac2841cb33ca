package engagement

import (
	"errors"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	"github.com/folio/folio/catalog"
	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo"
)

// The write side of engagement (issue 14): the routes check and parse a request, then
// Submit one Op; the Service queues it to its one Writer, which applies each batch of ops
// in arrival order in one transaction (batch.go, batch_writes.go, like_rule.go) and
// answers every op once its batch has committed. The Service owns everything that lives
// as long as the app: the writer and its prepared statements, the memory of counted views,
// the remembered account tokens, the visitor salt and the WAL checkpointer.

// Errors of an op. Nothing was written for an op that answers one of them.
var (
	// ErrItemNotFound: the item is not one of its type, or is not public.
	ErrItemNotFound = errors.New("item not found")
	// ErrAccountGone refuses a like whose account's tokenKey changed, or that was
	// deleted, after the request vouched for its token (Op.Proof).
	ErrAccountGone = errors.New("account token no longer valid")
)

// AnonymousUser is the events.userId of a caller without an account token.
const AnonymousUser = "anonymous"

// ViewWindow is how long one visitor's views of one item count once.
const ViewWindow = 30 * time.Minute

// Event is one events row as a request makes it.
type Event struct {
	Type, ItemID, Action, UserID, Email, Content, Visitor string
	Location                                              geo.Location
	Source                                                analytics.Source // views: where from, on what
}

// Op is one write and, once Submit returns, its answer.
type Op struct {
	Event Event
	// Proof (likes) is the tokenKey the batch must find on the account ("": the request
	// read the account's row; Service.Account).
	Proof string
	// Count is the counter after this op (views, shares, likes); Liked whether the
	// caller's like stands after it.
	Count int
	Liked bool

	// row is the events row the op adds if it counts (a like's id is its likes row's),
	// made by the request before it queues, so the one writer has less to do.
	row      eventRow
	key      visitKey // a view's key in the counted views' memory, once computed (viewKey)
	keyed    bool
	settle   bool  // a like settled from its row (SettleLike), not toggled
	err      error // ErrItemNotFound, ErrAccountGone: nothing was written for this op
	announce bool  // its row was saved: announce it (realtime) once committed
}

// Config is what the Service needs from its app's wiring.
type Config struct {
	// CountersChanged runs after a commit that moved counters or rows shown with them
	// (the cached answers that show counters go).
	CountersChanged func(app core.App)
}

// Service is the engagement write side of one app.
type Service struct {
	app  core.App
	cfg  Config
	opts Options // the writer's sizes (tests set them before Start)

	mu       sync.Mutex
	writer   *Writer
	wal      *walCheckpointer
	stmts    *stmtCache
	views    *recentViews
	accounts *accountMemo
	visitors visitorKeys
}

// New makes app's Service; Start starts its writer when the app serves.
func New(app core.App, cfg Config) *Service {
	s := &Service{app: app, cfg: cfg,
		views:    &recentViews{at: map[visitKey]int64{}, max: recentViewsMax},
		accounts: newAccountMemo(),
	}
	s.stmts = newStmtCache(app)
	return s
}

// SetOptions sizes the writer (queue, batch, a hook before each commit); call it before
// Start.
func (s *Service) SetOptions(opts Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts = opts
}

// Start starts the writer and the WAL checkpointer (idempotent: tests may serve twice).
func (s *Service) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.writer == nil {
		s.writer = Start(s.commit(true), s.opts)
	}
	if s.wal == nil {
		s.wal = startWALCheckpointer(s.app)
	}
}

// Stop commits what is queued and stops the writer and the checkpointer, while the
// database is still open (the app's terminate), and releases the prepared statements.
func (s *Service) Stop() {
	s.mu.Lock()
	w, wal := s.writer, s.wal
	s.writer, s.wal = nil, nil
	s.mu.Unlock()
	if w != nil {
		w.Stop()
		if b, n := w.Stats(); b > 0 {
			s.app.Logger().Info("Engagement writer stopped", "batches", b, "writes", n, "perBatch", float64(n)/float64(b))
		}
	}
	if wal != nil {
		wal.stop()
	}
	s.accounts.close()
	s.stmts.closeAll()
}

func (s *Service) running() *Writer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writer
}

// Arrive tells the writer a write is on its way (nil when the writer does not run); the
// caller ends it once it has submitted, or given up.
func (s *Service) Arrive() *Arrival {
	if w := s.running(); w != nil {
		return w.Arrive()
	}
	return nil
}

// Queued is the number of writes waiting for the writer.
func (s *Service) Queued() int {
	if w := s.running(); w != nil {
		return w.Queued()
	}
	return 0
}

// Submit writes op and waits for its commit: in the writer's next batch, or alone when
// the writer does not run (the app is not serving). ErrBusy: the queue is full.
func (s *Service) Submit(op *Op, arrival *Arrival) error {
	if op.Event.Type != c.TypeSite {
		if err := s.notHidden(op.Event.Type, op.Event.ItemID); err != nil {
			return err
		}
	}
	op.row = newEventRow(s.app, NewID(), op.Event)
	var err error
	if w := s.running(); w != nil {
		err = w.Do(op, arrival)
	} else {
		err = s.commit(false)([]Item{op}, nil)
	}
	if err == nil {
		err = op.err
	}
	if err != nil {
		return err
	}
	if op.announce {
		s.announceRow(&op.row)
	}
	return nil
}

// SettleLike is the like rule for a likes row changed outside the like routes (the likes
// record hooks: /_/ edits, an account's deletion): the like events of the account on the
// item mirror its row and likeCount counts the item's rows (like_rule.go).
// app is the hook's (a transaction's app, when the change was made in one).
func (s *Service) SettleLike(app core.App, typ, itemID, account string) error {
	op := &Op{Event: Event{Type: typ, ItemID: itemID, Action: c.ActionLike, UserID: account}, settle: true}
	return s.runBatch(app, func(b *batch) error {
		if err := b.applyAll([]*Op{op}); err != nil {
			return err
		}
		if errors.Is(op.err, ErrItemNotFound) {
			return nil // the item itself is gone
		}
		return op.err
	})
}

// Count is an item's counter; ErrItemNotFound when the id is not a public item of typ.
func (s *Service) Count(typ, id, field string) (int, error) {
	if err := s.notHidden(typ, id); err != nil {
		return 0, err
	}
	return readCounter(s.app, typ, id, field)
}

// notHidden refuses an item that exists but is not public (ErrItemNotFound: it answers as
// an unknown one). The writer's statements prove the item exists; this proves it is public.
func (s *Service) notHidden(typ, id string) error {
	hidden, err := catalog.Hidden(s.app, typ, id)
	if err == nil && hidden {
		err = ErrItemNotFound
	}
	return err
}

// now is app's clock (tests set their own: package clock).
func now(app core.App) time.Time { return clock.Now(app) }
