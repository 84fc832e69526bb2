package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// One owner per table: only package accounts names the users table. Every
// other domain asks accounts (its Directory: Lookup, Person, FindByHandle,
// Search) and never maps, reads, joins or writes users itself.
//
// The check reads the string literals of every Go file under api/ (struct
// tags are string literals too), never comments, so prose and URLs such as
// "/api/v1/admin/users" do not count; SQL naming the table does.
var usersTable = []*regexp.Regexp{
	// bun models: `bun:"table:users"`, `bun:"table:users,alias:u"`.
	regexp.MustCompile(`\btable:users\b`),
	// SQL: FROM users, JOIN users, INTO users, UPDATE users, DELETE FROM users,
	// TRUNCATE users, REFERENCES users (quoted or not).
	regexp.MustCompile(`(?i)\b(from|join|into|update|truncate|table|references)\s+"?users"?(\s|$|[(),;.])`),
	// bun's Table("users") / TableExpr("users AS u") / ModelTableExpr("users").
	regexp.MustCompile(`(?i)^\s*"?users"?(\s+(as\s+)?\w+)?\s*$`),
}

// namesUsersTable reports whether a string literal's value names the table.
func namesUsersTable(s string) bool {
	for _, re := range usersTable {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func TestUsersTableDetection(t *testing.T) {
	for _, s := range []string{
		`bun:"table:users,alias:u"`, `bun:"table:users"`, "SELECT id FROM users WHERE id = ?",
		"JOIN users AS u ON u.id = p.user_id", "INSERT INTO users (id) VALUES (?)", "UPDATE users SET status = ?",
		`DELETE FROM "users"`, "users", "users AS u", `"users"`, "select 1 from users", "FROM users\n",
	} {
		if !namesUsersTable(s) {
			t.Errorf("not flagged: %q", s)
		}
	}
	for _, s := range []string{
		"/api/v1/admin/users", "/api/v1/admin/users/:id", "users_count", "user_roles", "FROM user_roles r",
		"The users of this route", "Too many users", "JOIN profiles AS p", `bun:"table:user_roles"`,
		"from users_archive", "admin users list",
	} {
		if namesUsersTable(s) {
			t.Errorf("flagged wrongly: %q", s)
		}
	}
}

func TestOnlyAccountsNamesTheUsersTable(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..")) // api/
	if err != nil {
		t.Fatal(err)
	}
	owner := filepath.Join(root, "internal", "accounts") + string(filepath.Separator)
	self := filepath.Join(root, "internal", "app", "ownership_test.go") // its samples name the table
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasPrefix(path, owner) || path == self {
			return nil
		}
		files++
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil {
				v = lit.Value
			}
			if namesUsersTable(v) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d names the users table (%q): only package accounts may; ask its Directory instead",
					rel, fset.Position(lit.Pos()).Line, v)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("only %d Go files checked under %s: the walk is not looking where the code is", files, root)
	}
}
