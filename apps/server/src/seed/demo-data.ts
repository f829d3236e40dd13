/** The demo catalogue and gallery seeded on first start (DESIGN.md "Running it"). */
import type { ProductInput } from '@agro/shared';
import {
  coirDoormats,
  containerPort,
  friedOnions,
  jaggeryBlocks,
  jaggeryKitchen,
  jaggeryPowder,
  juteBags,
  sugarcaneField,
  warehouse,
} from './illustrations.js';

/** A demo product: the fields the add form would send, and its pictures. */
export type DemoProduct = ProductInput & {
  /** SVG sources (built on demand): the first is the thumbnail, all of them are productImages. */
  images: () => string[];
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    productName: 'Natural Jaggery Blocks',
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Solid blocks (500 g to 1 kg cubes)',
    productDescription:
      'Chemical-free jaggery made the traditional way in Kolhapur: fresh sugarcane juice is slowly boiled in open iron pans, clarified with natural vegetable extracts (no sulphur, no hydros) and set into blocks. The result is a golden-brown, crumbly block with a deep caramel taste that keeps the molasses and minerals refined sugar loses.',
    nutrientContent: [
      'Iron: about 11 mg per 100 g',
      'Calcium: about 80 mg per 100 g',
      'Magnesium: about 70 mg per 100 g',
      'Potassium: about 450 mg per 100 g',
      'Energy: about 380 kcal per 100 g',
    ],
    isOrganic: true,
    isPremium: true,
    productShelfLife: 12,
    keyFeatures: [
      'Made from Kolhapur sugarcane in open-pan boiling',
      'No sulphur, bleaching agents or preservatives',
      'Rich golden-brown colour and caramel flavour',
      'Moisture below 6% for a long, stable shelf life',
      'Packed in food-grade liners inside export cartons',
    ],
    applications: [
      'Traditional sweets, chikki and laddoos',
      'Natural sweetener for tea, coffee and beverages',
      'Bakery, confectionery and energy bars',
      'Ayurvedic and health-food preparations',
    ],
    images: () => [jaggeryBlocks(101, 0), jaggeryBlocks(102, 1), jaggeryBlocks(103, 2)],
  },
  {
    productName: 'Organic Jaggery Powder',
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Free-flowing powder',
    productDescription:
      'Our jaggery, dried and ground into a fine free-flowing powder that dissolves quickly and measures like sugar. Sieved and packed in moisture-proof bags so it stays loose through long sea voyages; a simple one-for-one replacement for refined sugar in kitchens and factories.',
    nutrientContent: [
      'Iron: about 10 mg per 100 g',
      'Calcium: about 75 mg per 100 g',
      'Magnesium: about 65 mg per 100 g',
      'Potassium: about 420 mg per 100 g',
      'Sucrose: 70-80%',
    ],
    isOrganic: true,
    isPremium: true,
    productShelfLife: 12,
    keyFeatures: [
      'Fine, uniform granules that dissolve quickly',
      'Low moisture, free-flowing and easy to dose',
      'Same unrefined goodness as our jaggery blocks',
      'Available in 500 g and 1 kg retail packs or 25 kg bulk bags',
    ],
    applications: [
      'Direct replacement for sugar in baking and cooking',
      'Sweetening milk, smoothies, tea and coffee',
      'Breakfast cereals, granola and health foods',
      'Food manufacturing and private-label packs',
    ],
    images: () => [jaggeryPowder(201, 0), jaggeryPowder(202, 1), jaggeryPowder(203, 2)],
  },
  {
    productName: 'Crispy Fried Onions',
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Crispy golden flakes',
    productDescription:
      'Fresh red onions from Maharashtra, sliced evenly and fried in refined vegetable oil until golden and crisp, then de-oiled and packed in nitrogen-flushed bags to keep them crunchy. Ready to use: no peeling, slicing or frying needed in your kitchen or production line.',
    nutrientContent: [
      'Energy: about 590 kcal per 100 g',
      'Fat: about 44 g per 100 g',
      'Carbohydrates: about 40 g per 100 g',
      'Dietary fibre: about 5 g per 100 g',
      'Protein: about 6 g per 100 g',
    ],
    isOrganic: false,
    isPremium: true,
    productShelfLife: 12,
    keyFeatures: [
      'Uniform golden colour and lasting crunch',
      'Fried in refined vegetable oil, no artificial colour',
      'Nitrogen-flushed packing keeps them fresh',
      'Saves preparation time in commercial kitchens',
    ],
    applications: [
      'Biryani, pulao and curries',
      'Garnish for salads, soups and burgers',
      'Ready meals and snack manufacturing',
      'Restaurants, caterers and airline kitchens',
    ],
    images: () => [friedOnions(301, 0), friedOnions(302, 1), friedOnions(303, 2)],
  },
  {
    productName: 'Handcrafted Coir Doormats',
    productType: 'NONAGRO',
    productQuantityType: 'NOS',
    productForm: 'Woven mats (40 x 60 cm and 45 x 75 cm)',
    productDescription:
      'Durable doormats hand-woven from natural coconut coir fibre by rural artisans. The stiff brushed fibres scrape dirt from shoes and dry quickly; PVC-backed options stay in place on smooth floors. Available plain or with simple woven patterns and custom sizes for retail and hospitality buyers.',
    nutrientContent: [],
    isOrganic: false,
    isPremium: false,
    productShelfLife: 60,
    keyFeatures: [
      '100% natural coconut coir, biodegradable',
      'Hand-woven by artisan clusters in India',
      'Tough brushed fibres that trap dirt and moisture',
      'Plain, patterned and custom sizes available',
    ],
    applications: ['Home entrances and porches', 'Hotels, offices and retail stores', 'Eco-friendly private-label home collections'],
    images: () => [coirDoormats(401, 0), coirDoormats(402, 1), coirDoormats(403, 2)],
  },
  {
    productName: 'Cotton Jute Bags',
    productType: 'NONAGRO',
    productQuantityType: 'NOS',
    productForm: 'Stitched tote bags',
    productDescription:
      'Reusable shopping and promotional bags made of jute blended with soft cotton, with stitched handles and an optional laminated inner lining. Strong enough for daily groceries, printable with your logo, and a natural alternative to plastic carrier bags.',
    nutrientContent: [],
    isOrganic: false,
    isPremium: false,
    productShelfLife: 36,
    keyFeatures: [
      'Jute-cotton blend: strong and soft to the touch',
      'Reinforced stitched handles for heavy loads',
      'Screen-printing of logos and private labels',
      'Reusable, biodegradable alternative to plastic',
    ],
    applications: [
      'Grocery and retail shopping bags',
      'Corporate gifts and event giveaways',
      'Packaging for gift hampers and speciality foods',
    ],
    images: () => [juteBags(501, 0), juteBags(502, 1), juteBags(503, 2)],
  },
];

/** Gallery pictures, oldest first. */
export const DEMO_GALLERY = (): string[] => [sugarcaneField(601), jaggeryKitchen(602), warehouse(603), containerPort(604)];
