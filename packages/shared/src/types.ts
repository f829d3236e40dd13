import type { PackagingType, ProductType, QuantityType, Role } from './constants.js';

/** An image as the API exposes it: `secure_url` is a public URL on this server. */
export interface ImageRef {
  secure_url: string;
  /** Same image at other widths, smallest first ("url 480w, url 960w"), when the server made them. */
  srcset?: string;
  width?: number;
  height?: number;
}

export interface Product {
  _id: string;
  productName: string;
  productType: ProductType;
  productQuantityType: QuantityType;
  productForm: string;
  productDescription: string;
  nutrientContent: string[];
  isOrganic: boolean;
  keyFeatures: string[];
  applications: string[];
  isPremium: boolean;
  productShelfLife: number;
  productThumbnail: ImageRef;
  productImages: ImageRef[];
  createdAt: string;
  updatedAt: string;
}

export interface PublicUser {
  _id: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  role: Role;
  createdAt: string;
}

export interface QuoteProductRef {
  _id: string;
  productName: string;
  productType: ProductType;
  productQuantityType: QuantityType;
  isPremium: boolean;
  isOrganic: boolean;
}

export interface Quote {
  _id: string;
  companyName: string;
  contactPersonName: string;
  companyEmail: string;
  mobileNumber: string;
  country: string;
  address: string;
  requiredQty: number;
  packagingType: PackagingType;
  isCustomPackagingRequired: boolean;
  /** Populated product; null when the product was deleted after the quote was made. */
  productId: QuoteProductRef | null;
  deliveryLocation: string;
  isUrgent: boolean;
  additionalInfo: string;
  heardFrom: string;
  quotedByEmail: string;
  createdAt: string;
}

export interface GalleryImage {
  _id: string;
  secure_url: string;
  srcset?: string;
  width?: number;
  height?: number;
}

/** Every response carries these. */
export interface ApiResult {
  success: boolean;
  message: string;
}

export interface UserResponse extends ApiResult {
  user: PublicUser;
}
export interface ProductsResponse extends ApiResult {
  products: Product[];
}
export interface ProductResponse extends ApiResult {
  product: Product;
}
export interface QuoteResponse extends ApiResult {
  quote: Quote;
}
export interface QuotesResponse extends ApiResult {
  quotes: Quote[];
}
/** GET /api/v1/gallery/all: the first element holds the list (SPEC.md section 7). */
export interface GalleryResponse extends ApiResult {
  galleryImages: { _id: string; galleryImages: GalleryImage[] }[];
}
