import { useTranslation } from 'react-i18next';
import './payment-marks.css';

/** The payment methods the shop takes (docs/architecture.md §6): cards through the gateway, and two wallets. */
const MARKS = ['visa', 'mastercard', 'amex', 'discover', 'wechat', 'alipay'] as const;
type Mark = (typeof MARKS)[number];

const LATIN = 'Arial, sans-serif';

/** A mark's card: 48 × 30, rounded; light ones get a border. */
function Frame({ fill, border }: { fill: string; border?: boolean }) {
  return <rect width="48" height="30" rx="4" fill={fill} stroke={border ? '#d5dbe1' : undefined} />;
}

interface LetteringProps {
  children: string;
  y: number;
  size: number;
  fill: string;
  /** Where the text starts; centred on the card when not given. */
  x?: number;
  weight?: number;
  italic?: boolean;
  font?: string;
}

/** A word of a mark. */
function Lettering({ children, y, size, fill, x, weight = 800, italic, font = LATIN }: LetteringProps) {
  return (
    <text
      x={x ?? 24}
      y={y}
      textAnchor={x === undefined ? 'middle' : undefined}
      fontSize={size}
      fontWeight={weight}
      fontStyle={italic ? 'italic' : undefined}
      fill={fill}
      fontFamily={font}
    >
      {children}
    </text>
  );
}

/** Simple drawn marks, recognisable by their colours and shapes; no remote images. */
function Drawing({ mark }: { mark: Mark }) {
  switch (mark) {
    case 'visa':
      return (
        <>
          <Frame fill="#fff" border />
          <Lettering y={20} size={13} fill="#1a1f71" italic>
            VISA
          </Lettering>
        </>
      );
    case 'mastercard':
      return (
        <>
          <Frame fill="#1b2128" />
          <circle cx="19" cy="15" r="9" fill="#eb001b" />
          <circle cx="29" cy="15" r="9" fill="#f79e1b" />
          <path d="M24 7.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15Z" fill="#ff5f00" />
        </>
      );
    case 'amex':
      return (
        <>
          <Frame fill="#1f72cd" />
          <Lettering y={19.5} size={10.5} fill="#fff">
            AMEX
          </Lettering>
        </>
      );
    case 'discover':
      return (
        <>
          <Frame fill="#fff" border />
          <Lettering x={4} y={18.5} size={7.4} weight={700} fill="#1b2128">
            DISC
          </Lettering>
          <circle cx="26.6" cy="15.9" r="3.6" fill="#f58220" />
          <Lettering x={30.6} y={18.5} size={7.4} weight={700} fill="#1b2128">
            VER
          </Lettering>
        </>
      );
    case 'wechat':
      return (
        <>
          <Frame fill="#07c160" />
          <ellipse cx="20" cy="13.5" rx="8" ry="6.5" fill="#fff" />
          <path d="m15 18.5-1.5 3.5 4.5-2.3Z" fill="#fff" />
          <ellipse cx="29.5" cy="17.5" rx="6.8" ry="5.6" fill="#fff" stroke="#07c160" strokeWidth="1.2" />
          <path d="m33.5 21.6 1.3 2.9-3.9-1.9Z" fill="#fff" />
          <circle cx="17.3" cy="12.3" r="1.1" fill="#07c160" />
          <circle cx="22.7" cy="12.3" r="1.1" fill="#07c160" />
          <circle cx="27.3" cy="16.8" r="0.9" fill="#07c160" />
          <circle cx="31.7" cy="16.8" r="0.9" fill="#07c160" />
        </>
      );
    case 'alipay':
      return (
        <>
          <Frame fill="#1677ff" />
          <rect x="15" y="4" width="18" height="22" rx="4" fill="#fff" />
          <Lettering
            y={20.5}
            size={13}
            weight={700}
            fill="#1677ff"
            font="'Noto Sans CJK SC', 'PingFang SC', sans-serif"
          >
            支
          </Lettering>
        </>
      );
  }
}

/** The marks of every payment method, each named for screen readers in the shopper's language. */
export function PaymentMarks() {
  const { t } = useTranslation('site');
  return (
    <ul className="payment-marks wrap-row">
      {MARKS.map((mark) => (
        <li key={mark}>
          <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={t(`payment.${mark}`)}>
            <title>{t(`payment.${mark}`)}</title>
            <Drawing mark={mark} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
