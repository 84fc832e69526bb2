package social

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
)

type handler struct{ s *Service }

var photoUpload = httpx.Upload{Field: "file", Max: MaxPhotoBytes, NotMultipart: errPhotoMultipart,
	Missing: errPhotoMissing, TooLarge: errPhotoTooLarge}

func (h *handler) routes(r httpx.Router) {
	r.Get("/social/friends", httpx.OwnCursorList(h.s.Friends))
	r.Delete("/social/friends/:user_id", h.unfriend)
	r.Get("/social/requests", h.requests)
	r.Post("/social/requests", h.sendRequest)
	r.Post("/social/requests/:id/accept", h.accept)
	r.Post("/social/requests/:id/decline", h.decline)
	r.Delete("/social/requests/:id", h.cancel)
	r.Get("/social/blocks", httpx.OwnCursorList(h.s.Blocks))
	r.Post("/social/blocks", h.block)
	r.Delete("/social/blocks/:user_id", h.unblock)
	r.Get("/social/privacy", h.getPrivacy)
	r.Put("/social/privacy", h.setPrivacy)
	r.Get("/social/suggestions", h.suggestions)
	r.Get("/social/people", h.people)
	r.Get("/social/people/:id", h.relation)
	r.Get("/social/people/:id/posts", h.postsOf)
	r.Get("/social/follows", httpx.OwnCursorList(h.s.Follows))
	r.Get("/social/follows/suggestions", h.suggestedProviders)
	r.Post("/social/follows", h.follow)
	r.Delete("/social/follows/:provider_id", h.unfollow)
	r.Get("/social/feed", httpx.OwnCursorList(h.s.Feed))
	r.Post("/social/posts", h.createPost)
	r.Get("/social/posts/:id", h.getPost)
	r.Delete("/social/posts/:id", h.deletePost)
	r.Post("/social/posts/:id/photos", h.photo)
	r.Post("/social/posts/:id/like", h.like)
	r.Delete("/social/posts/:id/like", h.unlike)
	r.Get("/social/posts/:id/comments", h.comments)
	r.Post("/social/posts/:id/comments", h.addComment)
	r.Delete("/social/comments/:id", h.deleteComment)
	r.Post("/social/posts/:id/report", h.report)
	r.Get("/admin/social/reports", h.reports)
	r.Post("/admin/social/reports/:id/dismiss", h.decide("dismiss"))
	r.Post("/admin/social/reports/:id/remove", h.decide("remove"))
}

func data[T any](c fiber.Ctx, status int, v T) error {
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

// withUser runs fn for a signed-in caller.
func withUser(c fiber.Ctx, fn func(userID string) error) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	return fn(p.UserID)
}

func noContent(c fiber.Ctx, err error) error {
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) unfriend(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.Unfriend(c.Context(), u, c.Params("user_id"))) })
}

func (h *handler) requests(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		cur, err := httpx.ParseCursor(c)
		if err != nil {
			return err
		}
		items, next, err := h.s.Requests(c.Context(), u, c.Query("box"), cur)
		if err != nil {
			return err
		}
		return c.JSON(httpx.NewCursorList(items, cur, next))
	})
}

func (h *handler) sendRequest(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in FriendInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := h.s.SendRequest(c.Context(), u, in)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) accept(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.Accept(c.Context(), u, c.Params("id"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) decline(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.Decline(c.Context(), u, c.Params("id"))) })
}

func (h *handler) cancel(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.Cancel(c.Context(), u, c.Params("id"))) })
}

func (h *handler) block(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in FriendInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := h.s.Block(c.Context(), u, in)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) unblock(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.Unblock(c.Context(), u, c.Params("user_id"))) })
}

func (h *handler) getPrivacy(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.GetPrivacy(c.Context(), u)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) setPrivacy(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in Privacy
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := h.s.SetPrivacy(c.Context(), u, in)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) suggestions(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.Suggestions(c.Context(), u)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) people(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.People(c.Context(), u, c.Query("q"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) relation(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.Relation(c.Context(), u, c.Params("id"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) postsOf(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		cur, err := httpx.ParseCursor(c)
		if err != nil {
			return err
		}
		items, next, err := h.s.PostsOf(c.Context(), u, c.Params("id"), cur)
		if err != nil {
			return err
		}
		return c.JSON(httpx.NewCursorList(items, cur, next))
	})
}

func (h *handler) suggestedProviders(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.SuggestedProviders(c.Context(), u)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) follow(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in FollowInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := h.s.Follow(c.Context(), u, in)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) unfollow(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.Unfollow(c.Context(), u, c.Params("provider_id"))) })
}

func (h *handler) createPost(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in PostInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := h.s.CreatePost(c.Context(), u, in)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusCreated, out)
	})
}

func (h *handler) getPost(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.GetPost(c.Context(), u, c.Params("id"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) deletePost(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.DeletePost(c.Context(), u, c.Params("id"))) })
}

func (h *handler) photo(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		b, err := httpx.ReadUpload(c, photoUpload)
		if err != nil {
			return err
		}
		out, err := h.s.AddPhoto(c.Context(), u, c.Params("id"), b)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) like(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.Like(c.Context(), u, c.Params("id"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) unlike(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		out, err := h.s.Unlike(c.Context(), u, c.Params("id"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	})
}

func (h *handler) comments(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		cur, err := httpx.ParseCursor(c)
		if err != nil {
			return err
		}
		items, next, err := h.s.Comments(c.Context(), u, c.Params("id"), cur)
		if err != nil {
			return err
		}
		return c.JSON(httpx.NewCursorList(items, cur, next))
	})
}

func (h *handler) addComment(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in CommentInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := h.s.AddComment(c.Context(), u, c.Params("id"), in)
		if err != nil {
			return err
		}
		return data(c, fiber.StatusCreated, out)
	})
}

func (h *handler) deleteComment(c fiber.Ctx) error {
	return withUser(c, func(u string) error { return noContent(c, h.s.DeleteComment(c.Context(), u, c.Params("id"))) })
}

func (h *handler) report(c fiber.Ctx) error {
	return withUser(c, func(u string) error {
		var in ReportInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		return noContent(c, h.s.ReportPost(c.Context(), u, c.Params("id"), in))
	})
}

func (h *handler) reports(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.s.Reports(c.Context(), c.Query("status"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *handler) decide(decision string) fiber.Handler {
	return func(c fiber.Ctx) error {
		return withUser(c, func(u string) error {
			out, err := h.s.DecideReport(c.Context(), u, c.IP(), c.Params("id"), decision)
			if err != nil {
				return err
			}
			return data(c, fiber.StatusOK, out)
		})
	}
}

var _ = page.DefaultLimit
