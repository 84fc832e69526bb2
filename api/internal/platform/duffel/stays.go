package duffel

import (
	"context"
	"net/http"
	"net/url"
)

// The Stays API (https://duffel.com/docs/api/v2/accommodation): search ->
// fetch_all_rates -> quote -> booking, and cancellation.

// StaysSearch is POST /stays/search.
func (c *Client) StaysSearch(ctx context.Context, in StaysSearchRequest) (StaysSearchResponse, error) {
	var out StaysSearchResponse
	err := c.Do(ctx, http.MethodPost, "/stays/search", nil, "", in, &out)
	return out, err
}

// StaysFetchAllRates is POST /stays/search_results/{id}/actions/fetch_all_rates:
// the result again with accommodation.rooms[].rates[].
func (c *Client) StaysFetchAllRates(ctx context.Context, searchResultID string) (StaysSearchResult, error) {
	var out StaysSearchResult
	err := c.Do(ctx, http.MethodPost, "/stays/search_results/"+url.PathEscape(searchResultID)+"/actions/fetch_all_rates",
		nil, "", nil, &out)
	return out, err
}

// StaysQuote is POST /stays/quotes: the rate re-checked (its price may have moved).
func (c *Client) StaysQuote(ctx context.Context, rateID string) (StaysQuote, error) {
	var out StaysQuote
	err := c.Do(ctx, http.MethodPost, "/stays/quotes", nil, "", map[string]string{"rate_id": rateID}, &out)
	return out, err
}

// StaysBook is POST /stays/bookings, idempotent by idemKey.
func (c *Client) StaysBook(ctx context.Context, idemKey string, in StaysBookingRequest) (StaysBooking, error) {
	var out StaysBooking
	err := c.Do(ctx, http.MethodPost, "/stays/bookings", nil, idemKey, in, &out)
	return out, err
}

// StaysBooking is GET /stays/bookings/{id}.
func (c *Client) StaysBooking(ctx context.Context, id string) (StaysBooking, error) {
	var out StaysBooking
	err := c.Do(ctx, http.MethodGet, "/stays/bookings/"+url.PathEscape(id), nil, "", nil, &out)
	return out, err
}

// StaysCancel is POST /stays/bookings/{id}/actions/cancel.
func (c *Client) StaysCancel(ctx context.Context, idemKey, id string) (StaysBooking, error) {
	var out StaysBooking
	err := c.Do(ctx, http.MethodPost, "/stays/bookings/"+url.PathEscape(id)+"/actions/cancel", nil, idemKey, nil, &out)
	return out, err
}
