package catalog

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
)

// Bounds of the catalogue's inputs.
const (
	Currency        = "NGN"
	MaxPrice        = 100_000_000_000 // minor units: 1,000,000,000.00 NGN
	MaxStock        = 1_000_000
	MaxWeightGrams  = 100_000
	MaxVariants     = 100
	MaxOptions      = 3
	MaxOptionValues = 20
	MaxTags         = 20
	MaxDescription  = 20_000
	MaxShippingFee  = 10_000_000_000
	maxPhotos       = 10
	MaxPhotoBytes   = 5 << 20
	MaxCertBytes    = 5 << 20
	MaxCategoryDeep = 3
)

// ShippingProfiles are how a product travels.
var ShippingProfiles = []string{"standard", "fragile", "oversized"}

var (
	skuRe      = regexp.MustCompile(`^[A-Za-z0-9._-]{0,40}$`)
	shipCodeRe = regexp.MustCompile(`^[a-z][a-z0-9_]{1,31}$`)
	spaceRe    = regexp.MustCompile(`\s+`)
	// richText is what a description may keep: paragraphs, line breaks,
	// emphasis, lists, small headings, quotes and links (http, https,
	// mailto; nofollow, opened in a new tab).
	richText = func() *bluemonday.Policy {
		p := bluemonday.NewPolicy()
		p.AllowElements("p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h3", "h4", "blockquote")
		p.AllowAttrs("href").OnElements("a")
		p.AllowURLSchemes("http", "https", "mailto")
		p.RequireParseableURLs(true)
		p.RequireNoFollowOnLinks(true)
		p.AddTargetBlankToFullyQualifiedLinks(true)
		return p
	}()
	plain = bluemonday.StrictPolicy()
)

// sanitise keeps the allowed rich text of a description and derives its
// plain text (for search and cards).
func sanitise(raw string) (htmlOut, text string) {
	htmlOut = strings.TrimSpace(richText.Sanitize(raw))
	// Block ends become spaces before the tags go, so words never join.
	spaced := strings.NewReplacer("</p>", " </p>", "<br", " <br", "</li>", " </li>", "</h3>", " </h3>",
		"</h4>", " </h4>").Replace(htmlOut)
	text = strings.TrimSpace(spaceRe.ReplaceAllString(html.UnescapeString(plain.Sanitize(spaced)), " "))
	return htmlOut, text
}

// line trims *p and checks its length and that it is one line of text.
func line(f apperr.Fields, field string, p *string, min, max int) {
	if p == nil {
		return
	}
	*p = strings.TrimSpace(*p)
	n := utf8.RuneCountInString(*p)
	switch {
	case min > 0 && n < min:
		if n == 0 {
			f.Add(field, "is required")
		} else {
			f.Add(field, fmt.Sprintf("must be at least %d characters", min))
		}
	case n > max:
		f.Add(field, fmt.Sprintf("must be at most %d characters", max))
	case strings.ContainsAny(*p, "\r\n\t"):
		f.Add(field, "must be one line")
	}
	httpx.CheckText(f, field, *p)
}

// block checks multi-line text's length.
func block(f apperr.Fields, field string, p *string, max int) {
	if p == nil {
		return
	}
	*p = strings.TrimSpace(*p)
	if utf8.RuneCountInString(*p) > max {
		f.Add(field, fmt.Sprintf("must be at most %d characters", max))
	}
	httpx.CheckText(f, field, *p)
}

// ShippingInput is a shipping method as a vendor writes it.
type ShippingInput struct {
	Code    string `json:"code"`
	Label   string `json:"label"`
	Fee     int64  `json:"fee"`
	MinDays int    `json:"min_days"`
	MaxDays int    `json:"max_days"`
}

// StoreInput is a vendor's storefront.
type StoreInput struct {
	Name         string          `json:"name"`
	About        string          `json:"about"`
	Address      string          `json:"address"`
	City         string          `json:"city"`
	Country      string          `json:"country"`
	ReturnDays   int             `json:"return_days"`
	ReturnPolicy string          `json:"return_policy"`
	Shipping     []ShippingInput `json:"shipping"`
}

func (in *StoreInput) validate() ([]ShippingMethod, error) {
	f := apperr.Fields{}
	line(f, "name", &in.Name, 2, 80)
	block(f, "about", &in.About, 2000)
	line(f, "address", &in.Address, 0, 200)
	line(f, "city", &in.City, 0, 80)
	in.Country = strings.ToUpper(strings.TrimSpace(in.Country))
	if in.Country == "" {
		in.Country = "NG"
	}
	f.Check(len(in.Country) == 2 && in.Country[0] >= 'A' && in.Country[0] <= 'Z' && in.Country[1] >= 'A' &&
		in.Country[1] <= 'Z', "country", "must be a two-letter country code")
	f.Check(in.ReturnDays >= 0 && in.ReturnDays <= 90, "return_days", "must be from 0 to 90")
	block(f, "return_policy", &in.ReturnPolicy, 2000)
	f.Check(len(in.Shipping) >= 1 && len(in.Shipping) <= 5, "shipping", "must list 1 to 5 shipping methods")
	out := make([]ShippingMethod, 0, len(in.Shipping))
	seen := map[string]bool{}
	for i, m := range in.Shipping {
		k := fmt.Sprintf("shipping[%d]", i)
		f.Check(shipCodeRe.MatchString(m.Code), k+".code", "must be 2-32 lower-case letters, digits or _")
		f.Check(!seen[m.Code], k+".code", "is used twice")
		seen[m.Code] = true
		line(f, k+".label", &m.Label, 2, 60)
		f.Check(m.Fee >= 0 && m.Fee <= MaxShippingFee, k+".fee", "must be from 0 to 10000000000 (minor units)")
		f.Check(m.MinDays >= 0 && m.MinDays <= 60 && m.MaxDays >= m.MinDays && m.MaxDays <= 60, k+".max_days",
			"days must be 0 to 60, the most at least the fewest")
		out = append(out, ShippingMethod(m))
	}
	return out, f.Err()
}

// VariantInput is one variant as a vendor writes it.
type VariantInput struct {
	ID          string            `json:"id"`
	Options     map[string]string `json:"options"`
	SKU         string            `json:"sku"`
	Price       int64             `json:"price"`
	CompareAt   int64             `json:"compare_at"`
	Stock       int               `json:"stock"`
	WeightGrams int               `json:"weight_grams"`
}

// ProductInput is a product as a vendor writes it: every field for a new
// product (title, category and variants required), only the changed ones
// in a PATCH.
type ProductInput struct {
	Title           *string         `json:"title"`
	Description     *string         `json:"description"`
	CategoryID      *string         `json:"category_id"`
	Brand           *string         `json:"brand"`
	Tags            *[]string       `json:"tags"`
	Options         *[]Option       `json:"options"`
	ShippingProfile *string         `json:"shipping_profile"`
	Luxury          *bool           `json:"luxury"`
	PriceOnRequest  *bool           `json:"price_on_request"`
	Variants        *[]VariantInput `json:"variants"`
}

// check validates the fields present; creating requires title, category
// and variants.
func (in *ProductInput) check(f apperr.Fields, creating bool) {
	if creating {
		f.Check(in.Title != nil, "title", "is required")
		f.Check(in.CategoryID != nil, "category_id", "is required")
		f.Check(in.Variants != nil, "variants", "is required")
	}
	line(f, "title", in.Title, 3, 140)
	block(f, "description", in.Description, MaxDescription)
	line(f, "brand", in.Brand, 0, 80)
	if in.CategoryID != nil {
		f.Check(*in.CategoryID != "" && len(*in.CategoryID) <= 64, "category_id", "is required")
	}
	if in.ShippingProfile != nil && !slices.Contains(ShippingProfiles, *in.ShippingProfile) {
		f.Add("shipping_profile", "must be one of "+strings.Join(ShippingProfiles, ", "))
	}
	if in.Tags != nil {
		tags := *in.Tags
		f.Check(len(tags) <= MaxTags, "tags", fmt.Sprintf("at most %d tags", MaxTags))
		var clean []string
		for i := range tags {
			t := strings.ToLower(tags[i])
			line(f, fmt.Sprintf("tags[%d]", i), &t, 1, 30)
			if !slices.Contains(clean, t) {
				clean = append(clean, t)
			}
		}
		if clean == nil {
			clean = []string{}
		}
		*in.Tags = clean
	}
	if in.Options != nil {
		opts := *in.Options
		f.Check(len(opts) <= MaxOptions, "options", fmt.Sprintf("at most %d options", MaxOptions))
		names := map[string]bool{}
		for i := range opts {
			k := fmt.Sprintf("options[%d]", i)
			line(f, k+".name", &opts[i].Name, 1, 30)
			f.Check(!names[opts[i].Name], k+".name", "is used twice")
			names[opts[i].Name] = true
			f.Check(len(opts[i].Values) >= 1 && len(opts[i].Values) <= MaxOptionValues, k+".values",
				fmt.Sprintf("must list 1 to %d values", MaxOptionValues))
			for j := range opts[i].Values {
				line(f, fmt.Sprintf("%s.values[%d]", k, j), &opts[i].Values[j], 1, 40)
			}
		}
	}
	if in.Variants != nil {
		vs := *in.Variants
		f.Check(len(vs) >= 1 && len(vs) <= MaxVariants, "variants", fmt.Sprintf("must list 1 to %d variants", MaxVariants))
		skus := map[string]bool{}
		for i, v := range vs {
			k := fmt.Sprintf("variants[%d]", i)
			f.Check(len(v.ID) <= 64, k+".id", "is not a variant id")
			f.Check(skuRe.MatchString(v.SKU), k+".sku", "must be at most 40 letters, digits, dots, dashes or underscores")
			f.Check(v.SKU == "" || !skus[v.SKU], k+".sku", "is used twice")
			skus[v.SKU] = v.SKU != ""
			f.Check(v.Price >= 0 && v.Price <= MaxPrice, k+".price", "must be from 0 to 100000000000 (minor units)")
			f.Check(v.CompareAt == 0 || (v.CompareAt > v.Price && v.CompareAt <= MaxPrice), k+".compare_at",
				"must be 0 (none) or more than the price")
			f.Check(v.Stock >= 0 && v.Stock <= MaxStock, k+".stock", "must be from 0 to 1000000")
			f.Check(v.WeightGrams >= 0 && v.WeightGrams <= MaxWeightGrams, k+".weight_grams", "must be from 0 to 100000")
			for name, val := range v.Options {
				f.Check(utf8.RuneCountInString(name) <= 30 && utf8.RuneCountInString(val) <= 40, k+".options",
					"names are at most 30 characters, values 40")
			}
		}
	}
}

// checkVariants checks the variants against the product's options (every
// variant names one value of each option, no two the same) and prices
// (zero only when the price is on request); it answers each variant's title.
func checkVariants(f apperr.Fields, opts []Option, vs []VariantInput, priceOnRequest bool) []string {
	titles := make([]string, len(vs))
	if len(opts) == 0 && len(vs) > 1 {
		f.Add("variants", "a product without options has one variant")
	}
	seen := map[string]bool{}
	for i, v := range vs {
		k := fmt.Sprintf("variants[%d]", i)
		if !priceOnRequest && v.Price <= 0 {
			f.Add(k+".price", "must be more than 0 unless the price is on request")
		}
		if len(v.Options) != len(opts) {
			f.Add(k+".options", "must give one value for each of the product's options")
			continue
		}
		parts := make([]string, 0, len(opts))
		for _, o := range opts {
			val, ok := v.Options[o.Name]
			if !ok || !slices.Contains(o.Values, val) {
				f.Add(k+".options", "must give one of the listed values for "+o.Name)
				break
			}
			parts = append(parts, val)
		}
		titles[i] = strings.Join(parts, " / ")
		f.Check(!seen[titles[i]], k+".options", "two variants have the same options")
		seen[titles[i]] = true
	}
	return titles
}

// CategoryInput is a category as an admin writes it.
type CategoryInput struct {
	Name        *string `json:"name"`
	ParentID    *string `json:"parent_id"`
	Description *string `json:"description"`
	Position    *int    `json:"position"`
}

func (in *CategoryInput) check(creating bool) error {
	f := apperr.Fields{}
	if creating {
		f.Check(in.Name != nil, "name", "is required")
	}
	line(f, "name", in.Name, 2, 60)
	block(f, "description", in.Description, 500)
	if in.Position != nil {
		f.Check(*in.Position >= 0 && *in.Position <= 1000, "position", "must be from 0 to 1000")
	}
	if in.ParentID != nil {
		f.Check(len(*in.ParentID) <= 64, "parent_id", "is not a category id")
	}
	return f.Err()
}

// slugify makes a URL slug of a name: lower-case ASCII letters and digits
// joined by single dashes.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r == '&':
			if b.Len() > 0 && !dash {
				b.WriteString("-and-")
				dash = true
			}
		default:
			if b.Len() > 0 && !dash {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	out := strings.Trim(b.String(), "-")
	if len(out) > 60 {
		out = strings.Trim(out[:60], "-")
	}
	if out == "" {
		out = "store"
	}
	return out
}
