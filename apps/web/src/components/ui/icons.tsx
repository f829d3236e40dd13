import {
  ArrowRight,
  Award,
  Building2,
  Calendar,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Clock,
  Download,
  Eye,
  EyeOff,
  FileText,
  Globe,
  Heart,
  Image,
  KeyRound,
  Leaf,
  Mail,
  MapPin,
  Menu,
  MessageSquare,
  Package,
  PenLine,
  Phone,
  Plus,
  Send,
  ShieldCheck,
  Star,
  Target,
  Trash2,
  Truck,
  Upload,
  User,
  Users,
  X,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import type { SVGProps } from 'react';

/**
 * Icons: lucide-react's (ISC licence, imported one by one so only the icons used reach the bundle),
 * under the names the app uses. Decorative by default: give the surrounding control an accessible
 * name instead of the icon. Brand marks (lucide has none) are drawn below.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function decorative(Icon: LucideIcon) {
  const Decorative = ({ size = 20, ...rest }: IconProps) => (
    <Icon size={size} aria-hidden="true" focusable="false" {...(rest as LucideProps)} />
  );
  Decorative.displayName = Icon.displayName;
  return Decorative;
}

/** An icon that points along the line of text (an arrow, a chevron, Back): mirrored on a right-to-left page. */
function directional(Icon: LucideIcon) {
  const Base = decorative(Icon);
  const Directional = ({ className, ...rest }: IconProps) => <Base className={`rtl:-scale-x-100 ${className ?? ''}`.trim()} {...rest} />;
  Directional.displayName = Icon.displayName;
  return Directional;
}

export const PhoneIcon = decorative(Phone);
export const MailIcon = decorative(Mail);
export const MapPinIcon = decorative(MapPin);
export const ClockIcon = decorative(Clock);
export const MenuIcon = decorative(Menu);
export const CloseIcon = decorative(X);
export const EditIcon = decorative(PenLine);
export const TrashIcon = decorative(Trash2);
export const CheckIcon = decorative(Check);
export const LeafIcon = decorative(Leaf);
export const GlobeIcon = decorative(Globe);
export const AwardIcon = decorative(Award);
export const ShieldIcon = decorative(ShieldCheck);
export const TruckIcon = decorative(Truck);
export const PackageIcon = decorative(Package);
export const UsersIcon = decorative(Users);
export const DownloadIcon = decorative(Download);
export const ArrowRightIcon = directional(ArrowRight);
export const ChevronLeftIcon = directional(ChevronLeft);
export const ChevronRightIcon = directional(ChevronRight);
export const PlusIcon = decorative(Plus);
export const ImageIcon = decorative(Image);
export const StarIcon = decorative(Star);
export const TargetIcon = decorative(Target);
export const EyeIcon = decorative(Eye);
export const HeartIcon = decorative(Heart);
export const EyeOffIcon = decorative(EyeOff);
export const UserIcon = decorative(User);
export const BuildingIcon = decorative(Building2);
export const SendIcon = decorative(Send);
export const UploadIcon = decorative(Upload);
export const ChevronDownIcon = decorative(ChevronDown);
export const CalendarIcon = decorative(Calendar);
export const FileTextIcon = decorative(FileText);
export const KeyIcon = decorative(KeyRound);
export const MessageIcon = decorative(MessageSquare);

/*
 * Brand marks (lucide-react 1.x has none): Facebook, LinkedIn, X and WhatsApp are the shapes of
 * Simple Icons (CC0 1.0, simpleicons.org), filled, in their own viewBox; Instagram is an outline.
 */
function Brand({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const FacebookIcon = (p: IconProps) => (
  <Brand {...p}>
    <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07z" />
  </Brand>
);

export const InstagramIcon = ({ size = 20, ...rest }: IconProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    aria-hidden="true"
    focusable="false"
    {...rest}
  >
    <rect x="2" y="2" width="20" height="20" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
  </svg>
);

export const LinkedInIcon = (p: IconProps) => (
  <Brand {...p}>
    <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
  </Brand>
);

export const XBrandIcon = (p: IconProps) => (
  <Brand {...p}>
    <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.63 7.58H.49l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93zm-1.29 19.5h2.04L6.49 3.24H4.3l13.31 17.41z" />
  </Brand>
);

export const YouTubeIcon = (p: IconProps) => (
  <Brand {...p}>
    <path d="M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31.4 31.4 0 0 0 0 12a31.4 31.4 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31.4 31.4 0 0 0 24 12a31.4 31.4 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6-6.3 3.6z" />
  </Brand>
);

/** The company mark: a leaf in a rounded square. */
export const LogoMark = ({ size = 40, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" {...rest}>
    <rect width="40" height="40" rx="10" fill="#14532d" />
    <path d="M12 28c0-9 6-15 17-16-1 10-7 16-15 16h-2z" fill="#fbbf24" />
    <path d="M12 28c3-4 7-7 11-9" stroke="#14532d" strokeWidth="2" fill="none" strokeLinecap="round" />
  </svg>
);

/** WhatsApp's mark, filled. */
export const WhatsAppIcon = ({ size = 20, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
    <path d="M17.5 14.4c-.3-.1-1.8-.9-2-1-.3-.1-.5-.1-.7.1-.2.3-.8 1-.9 1.2-.2.2-.3.2-.6.1-.3-.1-1.3-.5-2.4-1.5-.9-.8-1.5-1.8-1.7-2.1-.2-.3 0-.5.1-.6l.4-.5c.2-.2.2-.3.3-.5.1-.2 0-.4 0-.5l-.9-2.2c-.2-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4-.3.3-1 1-1 2.5s1.1 2.9 1.2 3.1c.1.2 2.1 3.2 5.1 4.5.7.3 1.3.5 1.7.6.7.2 1.4.2 1.9.1.6-.1 1.8-.7 2-1.4.2-.7.2-1.3.2-1.4-.1-.2-.3-.2-.6-.4zM12 21.8c-1.8 0-3.5-.5-5-1.4l-.4-.2-3.7 1 1-3.6-.2-.4A9.8 9.8 0 0 1 12 2.2a9.8 9.8 0 0 1 0 19.6zM12 0C5.4 0 0 5.4 0 12c0 2.1.6 4.2 1.6 6L0 24l6.2-1.6A12 12 0 1 0 12 0z" />
  </svg>
);
