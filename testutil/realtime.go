package testutil

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Subscribe registers a realtime client of app, authenticated as account (nil for a
// guest), on topics. The returned function waits up to wait for a first message and
// returns every message so far as "topic data".
func Subscribe(app core.App, account *core.Record, topics ...string) func(wait time.Duration) []string {
	var mu sync.Mutex
	var got []string
	client := subscriptions.NewDefaultClient()
	client.Subscribe(topics...)
	if account != nil {
		client.Set(apis.RealtimeClientAuthKey, account)
	}
	app.SubscriptionsBroker().Register(client)
	go func() {
		for m := range client.Channel() {
			mu.Lock()
			got = append(got, m.Name+" "+string(m.Data))
			mu.Unlock()
		}
	}()
	return func(wait time.Duration) []string {
		for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			out := append([]string(nil), got...)
			mu.Unlock()
			if len(out) > 0 || time.Now().After(deadline) {
				return out
			}
		}
	}
}
