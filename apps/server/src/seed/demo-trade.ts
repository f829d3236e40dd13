/**
 * The demo catalogue's trade data (issue 43): packing, lead time, supply, specification and
 * certifications (names of the seeded settings' certifications), by product name, with the
 * specifications in the buyers' other languages (entry i translates entry i). No minimum order:
 * SPEC.md's quote request takes any quantity of 1 or more for the demo products, as it always did
 * (a client of the spec asking for 100 KG of the demo jaggery must still get its quote); the owner
 * sets each product's minimum in the product form.
 */
import type { ContentLanguage, ProductTradeInput, Specification } from '@agro/shared';

export interface DemoTrade {
  trade: ProductTradeInput;
  specifications: Partial<Record<ContentLanguage, Specification[]>>;
}

const spec = (name: string, value: string): Specification => ({ name, value });

export const DEMO_TRADE: Record<string, DemoTrade> = {
  'Natural Jaggery Blocks': {
    trade: {
      orderMultiple: 500,
      leadTimeDays: 21,
      supplyPerMonth: { quantity: 200, unit: 'TONS' },
      packingOptions: [
        { packagingType: 'PP_BAG', quantity: 25, unit: 'KG' },
        { packagingType: 'PP_BAG', quantity: 50, unit: 'KG' },
        { packagingType: 'CORRUGATED_BOX', quantity: 10, unit: 'KG' },
      ],
      specifications: [
        spec('Moisture', 'Below 6%'),
        spec('Colour', 'Golden brown'),
        spec('Sucrose (purity)', 'At least 80%'),
        spec('Insoluble matter', 'Below 1%'),
      ],
      certifications: ['FSSAI', 'APEDA', 'HACCP'],
    },
    specifications: {
      ar: [
        spec('الرطوبة', 'أقل من 6%'),
        spec('اللون', 'بني ذهبي'),
        spec('السكروز (النقاء)', '80% على الأقل'),
        spec('المواد غير الذائبة', 'أقل من 1%'),
      ],
      es: [
        spec('Humedad', 'Menos del 6 %'),
        spec('Color', 'Marrón dorado'),
        spec('Sacarosa (pureza)', 'Al menos 80 %'),
        spec('Materia insoluble', 'Menos del 1 %'),
      ],
      fr: [
        spec('Humidité', 'Moins de 6 %'),
        spec('Couleur', 'Brun doré'),
        spec('Saccharose (pureté)', 'Au moins 80 %'),
        spec('Matières insolubles', 'Moins de 1 %'),
      ],
      de: [
        spec('Feuchtigkeit', 'Unter 6 %'),
        spec('Farbe', 'Goldbraun'),
        spec('Saccharose (Reinheit)', 'Mindestens 80 %'),
        spec('Unlösliche Stoffe', 'Unter 1 %'),
      ],
    },
  },
  'Organic Jaggery Powder': {
    trade: {
      orderMultiple: 25,
      leadTimeDays: 21,
      supplyPerMonth: { quantity: 100, unit: 'TONS' },
      packingOptions: [
        { packagingType: 'PP_BAG', quantity: 25, unit: 'KG' },
        { packagingType: 'PLASTIC_BAG', quantity: 1, unit: 'KG' },
      ],
      specifications: [
        spec('Moisture', 'Below 3%'),
        spec('Colour', 'Light brown'),
        spec('Particle size', '30 to 60 mesh'),
        spec('Sucrose (purity)', 'At least 85%'),
      ],
      certifications: ['FSSAI', 'APEDA'],
    },
    specifications: {
      ar: [
        spec('الرطوبة', 'أقل من 3%'),
        spec('اللون', 'بني فاتح'),
        spec('حجم الحبيبات', 'من 30 إلى 60 مش'),
        spec('السكروز (النقاء)', '85% على الأقل'),
      ],
      es: [
        spec('Humedad', 'Menos del 3 %'),
        spec('Color', 'Marrón claro'),
        spec('Tamaño de partícula', 'De 30 a 60 mesh'),
        spec('Sacarosa (pureza)', 'Al menos 85 %'),
      ],
      fr: [
        spec('Humidité', 'Moins de 3 %'),
        spec('Couleur', 'Brun clair'),
        spec('Granulométrie', 'De 30 à 60 mesh'),
        spec('Saccharose (pureté)', 'Au moins 85 %'),
      ],
      de: [
        spec('Feuchtigkeit', 'Unter 3 %'),
        spec('Farbe', 'Hellbraun'),
        spec('Korngröße', '30 bis 60 Mesh'),
        spec('Saccharose (Reinheit)', 'Mindestens 85 %'),
      ],
    },
  },
  'Crispy Fried Onions': {
    trade: {
      orderMultiple: 10,
      leadTimeDays: 15,
      supplyPerMonth: { quantity: 50, unit: 'TONS' },
      packingOptions: [
        { packagingType: 'CORRUGATED_BOX', quantity: 10, unit: 'KG' },
        { packagingType: 'PLASTIC_BAG', quantity: 1, unit: 'KG' },
      ],
      specifications: [
        spec('Moisture', 'Below 3%'),
        spec('Oil content', 'At most 30%'),
        spec('Colour', 'Golden brown'),
        spec('Slice thickness', '2 to 3 mm'),
      ],
      certifications: ['FSSAI', 'APEDA', 'HACCP'],
    },
    specifications: {
      ar: [
        spec('الرطوبة', 'أقل من 3%'),
        spec('نسبة الزيت', '30% كحد أقصى'),
        spec('اللون', 'بني ذهبي'),
        spec('سماكة الشرائح', 'من 2 إلى 3 مم'),
      ],
      es: [
        spec('Humedad', 'Menos del 3 %'),
        spec('Contenido de aceite', 'Como máximo 30 %'),
        spec('Color', 'Marrón dorado'),
        spec('Grosor de las rodajas', 'De 2 a 3 mm'),
      ],
      fr: [
        spec('Humidité', 'Moins de 3 %'),
        spec('Teneur en huile', '30 % au plus'),
        spec('Couleur', 'Brun doré'),
        spec('Épaisseur des tranches', 'De 2 à 3 mm'),
      ],
      de: [
        spec('Feuchtigkeit', 'Unter 3 %'),
        spec('Ölgehalt', 'Höchstens 30 %'),
        spec('Farbe', 'Goldbraun'),
        spec('Scheibendicke', '2 bis 3 mm'),
      ],
    },
  },
  'Handcrafted Coir Doormats': {
    trade: {
      orderMultiple: 50,
      leadTimeDays: 30,
      supplyPerMonth: { quantity: 20000, unit: 'NOS' },
      packingOptions: [{ packagingType: 'CORRUGATED_BOX', quantity: 25, unit: 'NOS' }],
      specifications: [spec('Size', '40 x 60 cm, 45 x 75 cm'), spec('Material', '100% coconut coir'), spec('Pile height', '15 mm')],
      certifications: ['ISO'],
    },
    specifications: {
      ar: [spec('المقاس', '40 × 60 سم، 45 × 75 سم'), spec('الخامة', 'ألياف جوز الهند 100%'), spec('ارتفاع الوبر', '15 مم')],
      es: [spec('Tamaño', '40 x 60 cm, 45 x 75 cm'), spec('Material', 'Fibra de coco 100 %'), spec('Altura del pelo', '15 mm')],
      fr: [spec('Taille', '40 x 60 cm, 45 x 75 cm'), spec('Matière', 'Fibre de coco 100 %'), spec('Hauteur des poils', '15 mm')],
      de: [spec('Größe', '40 x 60 cm, 45 x 75 cm'), spec('Material', '100 % Kokosfaser'), spec('Florhöhe', '15 mm')],
    },
  },
  'Cotton Jute Bags': {
    trade: {
      orderMultiple: 100,
      leadTimeDays: 25,
      supplyPerMonth: { quantity: 50000, unit: 'NOS' },
      packingOptions: [{ packagingType: 'CORRUGATED_BOX', quantity: 100, unit: 'NOS' }],
      specifications: [spec('Size', '35 x 40 cm'), spec('Fabric', 'Jute and cotton blend, 280 GSM'), spec('Handles', 'Padded cotton')],
      certifications: ['ISO'],
    },
    specifications: {
      ar: [spec('المقاس', '35 × 40 سم'), spec('القماش', 'مزيج من الجوت والقطن، 280 غرامًا للمتر المربع'), spec('المقابض', 'قطن مبطّن')],
      es: [spec('Tamaño', '35 x 40 cm'), spec('Tejido', 'Mezcla de yute y algodón, 280 g/m²'), spec('Asas', 'Algodón acolchado')],
      fr: [spec('Taille', '35 x 40 cm'), spec('Tissu', 'Mélange jute et coton, 280 g/m²'), spec('Anses', 'Coton rembourré')],
      de: [spec('Größe', '35 x 40 cm'), spec('Stoff', 'Jute-Baumwoll-Mischung, 280 g/m²'), spec('Henkel', 'Gepolsterte Baumwolle')],
    },
  },
};
