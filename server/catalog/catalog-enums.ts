// Numeric enumerations of the catalog views. The spec writes them as numbers and leaves their
// meanings to us ("not shown"); these values are part of the public contract (docs/api/catalog.md).

export const CatalogStatus = { Draft: 0, Active: 1, Archived: 2 } as const;
export const Platform = { Any: 0, Windows: 1, MacOS: 2, Linux: 3, Web: 4, IOS: 5, Android: 6 } as const;
export const OfferingCategory = { Application: 0, AddOn: 1, Service: 2, Bundle: 3 } as const;
export const IntervalUnit = { Day: 0, Week: 1, Month: 2, Year: 3 } as const;
/** Spec: 0 trial, 1 subscription, 2 perpetual. */
export const LicenseClassification = { Trial: 0, Subscription: 1, Perpetual: 2 } as const;
