// The privacy module's public surface (issue 35, India's DPDP Act): the registry of personal data, retention,
// and the shopper's rights requests. What app.ts and other modules may use.
export {};
