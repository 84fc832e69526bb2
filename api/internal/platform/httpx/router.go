package httpx

import "github.com/gofiber/fiber/v3"

// Router registers routes with a guard in front of each handler, so the guard
// runs only for matched routes (unmatched ones still reach the 404 handler),
// then CleanQuery, so a handler never sees a query value with control
// characters.
type Router struct {
	R     fiber.Router
	Guard fiber.Handler
}

func (r Router) add(method, path string, h fiber.Handler) {
	r.R.Add([]string{method}, path, r.Guard, CleanQuery, h)
}

// Get registers a GET route.
func (r Router) Get(path string, h fiber.Handler) { r.add(fiber.MethodGet, path, h) }

// Post registers a POST route.
func (r Router) Post(path string, h fiber.Handler) { r.add(fiber.MethodPost, path, h) }

// Patch registers a PATCH route.
func (r Router) Patch(path string, h fiber.Handler) { r.add(fiber.MethodPatch, path, h) }

// Put registers a PUT route.
func (r Router) Put(path string, h fiber.Handler) { r.add(fiber.MethodPut, path, h) }

// Delete registers a DELETE route.
func (r Router) Delete(path string, h fiber.Handler) { r.add(fiber.MethodDelete, path, h) }
