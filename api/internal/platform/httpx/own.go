package httpx

import (
	"context"
	"sojourn/api/internal/platform/page"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
)

// OwnList serves a paged list of the signed-in caller's own items: the
// service decides what "own" means, so ownership stays in its queries.
func OwnList[T any](list func(ctx context.Context, userID string, p page.Page) ([]T, int, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		pg, err := ParsePage(c)
		if err != nil {
			return err
		}
		items, total, err := list(c.Context(), p.UserID, pg)
		if err != nil {
			return err
		}
		return c.JSON(NewList(items, pg, total))
	}
}

// OwnItem serves one of the signed-in caller's items named by the :id route
// parameter; another user's item is the service's 404.
func OwnItem[T any](get func(ctx context.Context, userID, id string) (T, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		out, err := get(c.Context(), p.UserID, c.Params("id"))
		if err != nil {
			return err
		}
		return c.JSON(Data[T]{Data: out})
	}
}

// OwnCursorList serves a keyset-paged list of the signed-in caller's own
// items (?cursor=&limit=, meta {next_cursor, limit}); the service reads the
// rows after the cursor and names the key the next page starts after.
func OwnCursorList[T any](list func(ctx context.Context, userID string, c page.Cursor) ([]T, *page.Key, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		cur, err := ParseCursor(c)
		if err != nil {
			return err
		}
		items, next, err := list(c.Context(), p.UserID, cur)
		if err != nil {
			return err
		}
		return c.JSON(NewCursorList(items, cur, next))
	}
}
