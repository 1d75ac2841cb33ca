package engagement

import (
	"math/rand/v2"
	"sync"
	"time"
)

// Ids of the rows engagement writes add (events, likes) rise with time. A random id lands
// on a random leaf of the table's id index, so every write of a batch dirtied its own index
// page, and each dirty page is one more WAL frame at commit; rising ids all go to the
// index's last page. The id keeps PocketBase's shape (15 characters of [a-z0-9]): ten
// base-36 digits of microseconds since 1970 (enough until the year 2085), then five random
// characters, so two processes writing at the same microsecond still differ. Those come
// from math/rand/v2's per-thread ChaCha8 generator, one 64-bit draw for all five: the
// id is no secret (it is in every answer that lists events), only unlikely to collide,
// and crypto/rand's read per character was a tenth of the writer's id cost.

const (
	idDigits     = "0123456789abcdefghijklmnopqrstuvwxyz" // ascending, so text order is time order
	idTimeLen    = 10
	idRandomLen  = 5
	idRandomPool = "abcdefghijklmnopqrstuvwxyz0123456789"
)

var idClock struct {
	sync.Mutex
	last int64
}

// NewID returns an id greater than every id this process returned before (a clock that
// steps back repeats no microsecond).
func NewID() string {
	us := time.Now().UnixMicro()
	idClock.Lock()
	if us <= idClock.last {
		us = idClock.last + 1
	}
	idClock.last = us
	idClock.Unlock()
	var b [idTimeLen + idRandomLen]byte
	for i := idTimeLen - 1; i >= 0; i-- {
		b[i] = idDigits[us%36]
		us /= 36
	}
	r := rand.Uint64() // 36^5 < 2^64: five base-36 digits of one draw
	for i := idTimeLen; i < idTimeLen+idRandomLen; i++ {
		b[i] = idRandomPool[r%uint64(len(idRandomPool))]
		r /= uint64(len(idRandomPool))
	}
	return string(b[:])
}
