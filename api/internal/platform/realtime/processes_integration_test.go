package realtime_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

// TestIntegrationTwoServeProcesses starts two `sojourn serve` processes on
// one PostgreSQL database and the machine's NATS: a user's socket on B is
// ended by a sign-out on A (session.ended, close 4401), and B refuses the
// access token right away. (Cross-instance delivery of a Publish is in
// TestIntegrationTwoInstances: no route on this branch publishes on demand.)
func TestIntegrationTwoServeProcesses(t *testing.T) {
	testkit.PostgresURL(t)
	natsURL := natsURLForTest(t)
	d := testkit.OpenDB(t, "postgres")
	dbURL := testkit.URLOf(t, d)

	dir := t.TempDir()
	bin := filepath.Join(dir, "sojourn")
	build := exec.Command("go", "build", "-o", bin, "./api/cmd/sojourn")
	build.Dir = testkit.RepoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	prefix := fmt.Sprintf("p%d", time.Now().UnixNano())
	start := func(name string) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		cmd := exec.Command(bin, "serve")
		cmd.Dir = testkit.RepoRoot()
		cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "SOJOURN_DATA_DIR="+filepath.Join(dir, name),
			"SOJOURN_ADDR="+addr, "NATS_URL="+natsURL, "SOJOURN_NATS_PREFIX="+prefix, "SOJOURN_LOG_LEVEL=warn",
			"SOJOURN_ENV=development", "SOJOURN_JWT_SECRET=two-instances-share-this-secret-0123456789")
		var logs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &logs, &logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { _ = cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				_ = cmd.Process.Kill()
				t.Errorf("%s did not stop on SIGTERM:\n%s", name, logs.String())
			}
		})
		deadline := time.Now().Add(60 * time.Second)
		for {
			res, err := http.Get("http://" + addr + "/healthz")
			if err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					return addr
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s did not start:\n%s", name, logs.String())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	a := start("a")
	b := start("b")

	call := func(addr, method, path, token string, body any) (int, map[string]any) {
		t.Helper()
		var rd bytes.Buffer
		if body != nil {
			_ = json.NewEncoder(&rd).Encode(body)
		}
		req, _ := http.NewRequest(method, "http://"+addr+path, &rd)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		out := map[string]any{}
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	status, reg := call(a, "POST", "/api/auth/register", "", map[string]string{"email": "amara@example.com",
		"username": "amara", "password": testkit.DefaultPassword})
	if status != http.StatusCreated {
		t.Fatalf("register: %d %v", status, reg)
	}
	access, refresh := reg["access_token"].(string), reg["refresh_token"].(string)
	status, tk := call(b, "POST", "/api/v1/realtime/tickets", access, nil)
	if status != http.StatusCreated {
		t.Fatalf("ticket: %d %v", status, tk)
	}
	sock, _, err := dial(t, "ws://"+b, tk["data"].(map[string]any)["ticket"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if status, _ := call(b, "GET", "/api/auth/user", access, nil); status != http.StatusOK {
		t.Fatalf("B refuses a good token: %d", status)
	}
	if status, _ := call(a, "POST", "/api/auth/logout", "", map[string]string{"refresh_token": refresh}); status != http.StatusNoContent {
		t.Fatalf("logout: %d", status)
	}
	if f := sock.next(); f.Type != "session.ended" {
		t.Fatalf("got %s", f.Type)
	}
	if code := sock.closed(); code != 4401 {
		t.Fatalf("close %d", code)
	}
	if status, _ := call(b, "GET", "/api/auth/user", access, nil); status != http.StatusUnauthorized {
		t.Fatalf("B still accepts the signed-out token: %d", status)
	}
}
