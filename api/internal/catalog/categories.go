package catalog

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// Categories is the tree (roots first, each with its children, by position
// then name) with the published products in each category and its
// descendants.
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	var rows []categoryRow
	if err := s.c.DB.NewSelect().Model(&rows).OrderExpr("c.depth, c.position, c.name, c.id").Scan(ctx); err != nil {
		return nil, err
	}
	var counts []struct {
		CategoryID string `bun:"category_id"`
		N          int    `bun:"n"`
	}
	if err := s.c.DB.NewSelect().TableExpr("shop_products AS p").ColumnExpr("p.category_id, count(*) AS n").
		Where("p.status = '"+StatusPublished+"' AND NOT p.store_suspended").GroupExpr("p.category_id").
		Scan(ctx, &counts); err != nil {
		return nil, err
	}
	own := map[string]int{}
	for _, c := range counts {
		own[c.CategoryID] = c.N
	}
	return buildTree(rows, own), nil
}

// buildTree nests rows (ordered by depth) and sums each node's products
// with its descendants'.
func buildTree(rows []categoryRow, own map[string]int) []Category {
	nodes := make(map[string]*Category, len(rows))
	kids := map[string][]string{}
	var roots []string
	for _, r := range rows {
		nodes[r.ID] = &Category{ID: r.ID, ParentID: r.ParentID, Name: r.Name, Slug: r.Slug, Description: r.Description,
			Depth: r.Depth, Position: r.Position, Children: []Category{}}
		if r.ParentID == nil {
			roots = append(roots, r.ID)
		} else {
			kids[*r.ParentID] = append(kids[*r.ParentID], r.ID)
		}
	}
	var build func(id string) Category
	build = func(id string) Category {
		n := nodes[id]
		n.ProductCount = own[id]
		for _, k := range kids[id] {
			c := build(k)
			n.ProductCount += c.ProductCount
			n.Children = append(n.Children, c)
		}
		return *n
	}
	out := make([]Category, 0, len(roots))
	for _, id := range roots {
		out = append(out, build(id))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Position < out[j].Position })
	return out
}

// CreateCategory adds a category under parent_id (or a root); at most
// MaxCategoryDeep levels.
func (s *Service) CreateCategory(ctx context.Context, adminID, ip string, in CategoryInput) (Category, error) {
	if err := in.check(true); err != nil {
		return Category{}, err
	}
	now := s.now()
	r := &categoryRow{ID: ids.New(), Name: *in.Name, Slug: slugify(*in.Name), CreatedAt: now, UpdatedAt: now}
	if in.Description != nil {
		r.Description = *in.Description
	}
	if in.Position != nil {
		r.Position = *in.Position
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r.Path = r.ID + "/"
		if in.ParentID != nil && *in.ParentID != "" {
			p, err := s.st.category(ctx, tx, *in.ParentID)
			if err != nil {
				if errors.Is(err, ErrCategoryNotFound) {
					return apperr.Validation(map[string]string{"parent_id": "is not a category"})
				}
				return err
			}
			if p.Depth+1 >= MaxCategoryDeep {
				return apperr.Validation(map[string]string{"parent_id": "the tree is at most 3 levels deep"})
			}
			r.ParentID, r.Path, r.Depth = &p.ID, p.Path+r.ID+"/", p.Depth+1
			// A sub-category's name may repeat elsewhere ("Accessories"):
			// its slug then carries its parent's.
			taken, err := tx.NewSelect().Model((*categoryRow)(nil)).Where("slug = ?", r.Slug).Exists(ctx)
			if err != nil {
				return err
			}
			if taken {
				r.Slug = p.Slug + "-" + r.Slug
			}
		}
		if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return errCategorySlug
			}
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.category.create",
			TargetType: "shop_category", TargetID: r.ID, IP: ip, Details: map[string]any{"name": r.Name}})
	})
	if err != nil {
		return Category{}, err
	}
	return r.view(), nil
}

// UpdateCategory renames, describes, reorders or moves a category (never
// under itself or its descendants); a move carries its subtree and the
// products' copies of the path along.
func (s *Service) UpdateCategory(ctx context.Context, adminID, ip, id string, in CategoryInput) (Category, error) {
	if err := in.check(false); err != nil {
		return Category{}, err
	}
	var out categoryRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.category(ctx, tx, id)
		if err != nil {
			return err
		}
		if in.Name != nil {
			r.Name, r.Slug = *in.Name, slugify(*in.Name)
		}
		if in.Description != nil {
			r.Description = *in.Description
		}
		if in.Position != nil {
			r.Position = *in.Position
		}
		if in.ParentID != nil {
			if err := s.moveCategory(ctx, tx, r, *in.ParentID); err != nil {
				return err
			}
		}
		r.UpdatedAt = s.now()
		if _, err := tx.NewUpdate().Model(r).Column("name", "slug", "description", "position", "updated_at").
			WherePK().Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return errCategorySlug
			}
			return err
		}
		out = *r
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.category.update",
			TargetType: "shop_category", TargetID: r.ID, IP: ip, Details: map[string]any{"name": r.Name}})
	})
	if err != nil {
		return Category{}, err
	}
	return out.view(), nil
}

func (s *Service) moveCategory(ctx context.Context, tx bun.Tx, r *categoryRow, parentID string) error {
	newPath, newDepth := r.ID+"/", 0
	var parent *string
	if parentID != "" {
		p, err := s.st.category(ctx, tx, parentID)
		if errors.Is(err, ErrCategoryNotFound) {
			return apperr.Validation(map[string]string{"parent_id": "is not a category"})
		} else if err != nil {
			return err
		}
		if strings.HasPrefix(p.Path, r.Path) {
			return errCategoryLoop
		}
		newPath, newDepth, parent = p.Path+r.ID+"/", p.Depth+1, &p.ID
	}
	var deepest int
	if err := tx.NewSelect().TableExpr("shop_categories").ColumnExpr("max(depth)").
		Where("path LIKE ?", r.Path+"%").Scan(ctx, &deepest); err != nil {
		return err
	}
	if deepest-r.Depth+newDepth >= MaxCategoryDeep {
		return apperr.Validation(map[string]string{"parent_id": "the tree is at most 3 levels deep"})
	}
	old, cut := r.Path, len(r.Path)+1
	if _, err := tx.NewRaw(`UPDATE shop_categories SET path = ? || substr(path, ?), depth = depth + ?
		WHERE path LIKE ?`, newPath, cut, newDepth-r.Depth, old+"%").Exec(ctx); err != nil {
		return err
	}
	if _, err := tx.NewRaw(`UPDATE shop_products SET category_path = ? || substr(category_path, ?)
		WHERE category_path LIKE ?`, newPath, cut, old+"%").Exec(ctx); err != nil {
		return err
	}
	if _, err := tx.NewUpdate().Model(r).Set("parent_id = ?", parent).WherePK().Exec(ctx); err != nil {
		return err
	}
	r.ParentID, r.Path, r.Depth = parent, newPath, newDepth
	return nil
}

// DeleteCategory removes a category with no products and no children.
func (s *Service) DeleteCategory(ctx context.Context, adminID, ip, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.category(ctx, tx, id)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*categoryRow)(nil)).Where("parent_id = ?", r.ID).Count(ctx)
		if err != nil {
			return err
		}
		m, err := tx.NewSelect().Model((*productRow)(nil)).Where("category_id = ?", r.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n+m > 0 {
			return errCategoryInUse
		}
		if _, err := tx.NewDelete().Model(r).WherePK().Exec(ctx); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.category.delete",
			TargetType: "shop_category", TargetID: r.ID, IP: ip, Details: map[string]any{"name": r.Name}})
	})
}

// categoryPath names a category's ancestors and itself, root first.
func (s *Service) categoryPath(ctx context.Context, q bun.IDB, path string) ([]CategoryRef, error) {
	idsOf := strings.Split(strings.TrimSuffix(path, "/"), "/")
	var rows []categoryRow
	if err := q.NewSelect().Model(&rows).Where("c.id IN (?)", bun.In(idsOf)).OrderExpr("c.depth").Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]CategoryRef, len(rows))
	for i, r := range rows {
		out[i] = CategoryRef{ID: r.ID, Name: r.Name, Slug: r.Slug}
	}
	return out, nil
}

func (st store) category(ctx context.Context, q bun.IDB, id string) (*categoryRow, error) {
	r := new(categoryRow)
	err := q.NewSelect().Model(r).Where("c.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrCategoryNotFound
	}
	return r, err
}

func (r categoryRow) view() Category {
	return Category{ID: r.ID, ParentID: r.ParentID, Name: r.Name, Slug: r.Slug, Description: r.Description,
		Depth: r.Depth, Position: r.Position, Children: []Category{}}
}
