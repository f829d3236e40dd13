/**
 * The default FAQ (SITE.faq) in the buyers' languages (issue 43), seeded as the `faqTranslations`
 * setting with the demo data: entry i translates SITE.faq[i]. Kept here, on the server, not in
 * DEFAULT_SETTINGS: the web app's first page carries those.
 */
import type { FaqTranslations } from '@agro/shared';

export const DEMO_FAQ_TRANSLATIONS = {
  ar: [
    {
      question: 'ما الحد الأدنى لكمية الطلب لديكم؟',
      answer: 'يختلف الحد الأدنى للطلب باختلاف المنتج: 1000 كغ للجاغري و500 كغ للبصل المقلي.',
    },
    {
      question: 'هل تقدّمون عينات مجانية؟',
      answer: 'نعم، نقدّم عينات مجانية حتى 500 غ، ويتحمّل العميل تكاليف الشحن.',
    },
    {
      question: 'ما طرق الدفع التي تقبلونها؟',
      answer: 'نقبل خطاب الاعتماد (LC) والتحويل البرقي (TT) وغيرها من وسائل الدفع الدولية.',
    },
    {
      question: 'كم يستغرق التسليم؟',
      answer: 'يستغرق التسليم عادةً من 15 إلى 30 يومًا حسب الوجهة.',
    },
  ],
  es: [
    {
      question: '¿Cuál es su pedido mínimo?',
      answer: 'El pedido mínimo varía según el producto: 1000 kg para el jaggery y 500 kg para la cebolla frita.',
    },
    {
      question: '¿Ofrecen muestras gratuitas?',
      answer: 'Sí, ofrecemos muestras gratuitas de hasta 500 g; el envío corre a cargo del cliente.',
    },
    {
      question: '¿Qué formas de pago aceptan?',
      answer: 'Aceptamos carta de crédito (LC), transferencia telegráfica (TT) y otras formas de pago internacionales.',
    },
    {
      question: '¿Cuánto tarda la entrega?',
      answer: 'La entrega suele tardar entre 15 y 30 días, según el destino.',
    },
  ],
  fr: [
    {
      question: 'Quelle est votre quantité minimale de commande ?',
      answer: 'La quantité minimale varie selon le produit : 1000 kg pour le jaggery et 500 kg pour les oignons frits.',
    },
    {
      question: 'Proposez-vous des échantillons gratuits ?',
      answer: "Oui, nous fournissons des échantillons gratuits jusqu'à 500 g ; les frais d'expédition sont à la charge du client.",
    },
    {
      question: 'Quels moyens de paiement acceptez-vous ?',
      answer: "Nous acceptons la lettre de crédit (LC), le virement télégraphique (TT) et d'autres moyens de paiement internationaux.",
    },
    {
      question: 'Quel est le délai de livraison ?',
      answer: 'La livraison prend généralement de 15 à 30 jours selon la destination.',
    },
  ],
  de: [
    {
      question: 'Wie hoch ist Ihre Mindestbestellmenge?',
      answer: 'Die Mindestbestellmenge hängt vom Produkt ab: 1000 kg für Jaggery und 500 kg für Röstzwiebeln.',
    },
    {
      question: 'Bieten Sie kostenlose Muster an?',
      answer: 'Ja, wir stellen kostenlose Muster bis 500 g zur Verfügung; die Versandkosten trägt der Kunde.',
    },
    {
      question: 'Welche Zahlungsarten akzeptieren Sie?',
      answer: 'Wir akzeptieren Akkreditiv (LC), telegrafische Überweisung (TT) und weitere internationale Zahlungsarten.',
    },
    {
      question: 'Wie lange dauert die Lieferung?',
      answer: 'Die Lieferung dauert je nach Bestimmungsort in der Regel 15 bis 30 Tage.',
    },
  ],
} satisfies FaqTranslations;
