// Package cache implements a small in-memory cache server.
package cache

import (
	"context"
	"errors"
	"fmt"
	stdlog "log"
	"sync"
	"time"

	_ "embed"
)

// DefaultTTL is how long an entry lives without a refresh.
const DefaultTTL = 5 * time.Minute

const (
	// StateIdle means the server is not serving.
	StateIdle State = iota
	StateRunning
	stateStopped
)

var (
	// ErrNotFound is returned for a missing key.
	ErrNotFound = errors.New("cache: not found")
	hits, misses int64
)

var requests int

// State is the lifecycle state of a Server.
type State int

// Store persists entries.
type Store interface {
	Get(ctx context.Context, key string) ([]byte, error)
	Put(ctx context.Context, key string, value []byte) error
	fmt.Stringer
}

type entry struct {
	value   []byte
	expires time.Time
}

// Server serves cached values from a Store.
type Server struct {
	sync.Mutex
	*stdlog.Logger
	Name    string `json:"name"`
	store   Store
	entries map[string]*entry
	limits  struct {
		MaxKeys, MaxBytes int
	}
}

// NewServer creates a server over store.
func NewServer(name string, store Store) *Server {
	s := &Server{Name: name, store: store, entries: make(map[string]*entry)}
	s.limits.MaxKeys = 1024
	return s
}

// Get returns the value of key, loading it from the store on a miss.
func (s *Server) Get(ctx context.Context, key string) ([]byte, error) {
	s.Lock()
	defer s.Unlock()
	requests++
	if e, ok := s.entries[key]; ok && time.Now().Before(e.expires) {
		hits++
		return e.value, nil
	}
	misses += 1
	v, err := s.store.Get(ctx, key)
	if errors.Is(err, ErrNotFound) || v == nil {
		return nil, fmt.Errorf("get %q: %w", key, ErrNotFound)
	} else if err != nil {
		return nil, err
	}
	s.entries[key] = &entry{value: v, expires: time.Now().Add(DefaultTTL)}
	return v, nil
}

func (s Server) String() string { return "cache:" + s.Name }

var _ fmt.Stringer = Server{}

func (st State) valid() bool {
	switch st {
	case StateIdle, StateRunning:
		return true
	case stateStopped:
		return false
	default:
		return false
	}
}

func (s *Server) evict(done <-chan struct{}) {
	ticker := time.NewTicker(time.Second)
	for {
		select {
		case <-done:
			return
		case now := <-ticker.C:
			for k, e := range s.entries {
				if e.expires.Before(now) {
					delete(s.entries, k)
				}
			}
		}
	}
}

func describe(v any) string {
	switch x := v.(type) {
	case *Server:
		return x.Name
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}
