import { useId, type ReactNode } from "react";

export type ContentTypeKey =
  | "meditations"
  | "sleepcasts"
  | "cbt"
  | "relaxing-music"
  | "nature-soundscapes"
  | "breathing"
  | "affirmations"
  | "body-psychotherapy"
  | "journal";

export interface ContentTypeArtProps {
  type: ContentTypeKey;
  className?: string;
}

type Ids = (name: string) => { id: string; url: string };

interface Scene {
  /** Background gradient stops, top-left to bottom-right. */
  bg: readonly [string, string];
  /** Direction of the background gradient. */
  diagonal?: boolean;
  render: (ids: Ids) => ReactNode;
}

function sparkle(x: number, y: number, s: number): string {
  return `M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`;
}

function raindrop(x: number, y: number): string {
  return `M${x} ${y - 6}C${x + 3} ${y - 2} ${x + 4} ${y} ${x + 4} ${y + 2}A4 4 0 0 1 ${x - 4} ${y + 2}C${x - 4} ${y} ${x - 3} ${y - 2} ${x} ${y - 6}Z`;
}

const SCENES: Record<ContentTypeKey, Scene> = {
  meditations: {
    bg: ["#ecebff", "#c9b8f2"],
    render: (ids) => {
      const halo = ids("halo");
      return (
        <>
          <defs>
            <radialGradient id={halo.id} cx="0.5" cy="0.5" r="0.5">
              <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
              <stop offset="0.6" stopColor="#ffffff" stopOpacity="0.55" />
              <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
            </radialGradient>
          </defs>
          <circle cx="100" cy="76" r="58" fill={halo.url} />
          <circle cx="100" cy="76" r="46" fill="none" stroke="#ffffff" strokeWidth="1.5" opacity="0.8" />
          <circle cx="100" cy="76" r="60" fill="none" stroke="#ffffff" strokeWidth="1" opacity="0.45" />
          <path d="M0 138C48 126 152 126 200 138V160H0Z" fill="#ffffff" opacity="0.45" />
          <g transform="translate(100 132) scale(0.9)" fill="#4f4fc9">
            <circle cx="0" cy="-97" r="6.5" />
            <circle cx="0" cy="-80" r="13" />
            <rect x="-5" y="-70" width="10" height="10" rx="4" />
            <path d="M-18-50C-18-60-10-64 0-64C10-64 18-60 18-50L23-22C24-13-24-13-23-22Z" />
            <path
              d="M-14-56C-24-46-30-32-33-16M14-56C24-46 30-32 33-16"
              fill="none"
              stroke="#4f4fc9"
              strokeWidth="8"
              strokeLinecap="round"
            />
            <path d="M-46-5C-46-17-26-22 0-17C26-22 46-17 46-5C46 2-46 2-46-5Z" />
            <circle cx="-34" cy="-14" r="5" />
            <circle cx="34" cy="-14" r="5" />
          </g>
          <g fill="#ffffff">
            <path d={sparkle(38, 40, 6)} />
            <path d={sparkle(166, 54, 5)} opacity="0.8" />
            <circle cx="156" cy="28" r="2" opacity="0.8" />
            <circle cx="48" cy="96" r="1.8" opacity="0.7" />
          </g>
        </>
      );
    },
  },

  sleepcasts: {
    bg: ["#1d2150", "#3a3a95"],
    render: (ids) => {
      const moon = ids("moon");
      return (
        <>
          <defs>
            <mask id={moon.id}>
              <rect width="200" height="160" fill="#fff" />
              <circle cx="152" cy="38" r="18" fill="#000" />
            </mask>
          </defs>
          <circle cx="140" cy="46" r="34" fill="#fdebdd" opacity="0.1" />
          <circle cx="140" cy="46" r="21" fill="#fdebdd" mask={moon.url} />
          <g fill="#ffffff">
            <circle cx="30" cy="26" r="1.4" opacity="0.8" />
            <circle cx="76" cy="18" r="1.1" opacity="0.6" />
            <circle cx="98" cy="50" r="1.3" opacity="0.7" />
            <circle cx="182" cy="86" r="1.1" opacity="0.6" />
            <circle cx="22" cy="70" r="1" opacity="0.5" />
            <path d={sparkle(56, 44, 5)} opacity="0.85" />
            <path d={sparkle(182, 20, 4)} opacity="0.7" />
          </g>
          <g fill="#c9b8f2" opacity="0.35">
            <rect x="18" y="88" width="70" height="12" rx="6" />
            <circle cx="44" cy="88" r="11" />
            <circle cx="62" cy="90" r="8" />
            <rect x="120" y="98" width="64" height="10" rx="5" />
            <circle cx="146" cy="98" r="9" />
          </g>
          <path d="M0 128C40 116 80 118 110 126C140 134 170 130 200 122V160H0Z" fill="#4f4fc9" opacity="0.55" />
          <g fill="#161a42">
            <path d="M26 160V128L42 114L58 128V160Z" />
            <path d="M56 160V120H80V160Z" />
            <path d="M54 122L68 108L82 122Z" />
            <path d="M110 160V132L124 120L138 132V160Z" />
            <path d="M136 160V112L150 102L164 112V160Z" />
          </g>
          <g fill="#f2a66b">
            <rect x="38" y="132" width="8" height="8" rx="1.5" />
            <rect x="64" y="128" width="6" height="7" rx="1.5" opacity="0.8" />
            <rect x="146" y="118" width="8" height="8" rx="1.5" />
            <rect x="146" y="134" width="8" height="8" rx="1.5" opacity="0.55" />
            <rect x="120" y="138" width="7" height="7" rx="1.5" opacity="0.8" />
          </g>
        </>
      );
    },
  },

  cbt: {
    bg: ["#ecebff", "#9cc3f0"],
    render: (ids) => {
      const glow = ids("glow");
      return (
        <>
          <defs>
            <radialGradient id={glow.id} cx="0.5" cy="0.5" r="0.5">
              <stop offset="0" stopColor="#fdebdd" stopOpacity="1" />
              <stop offset="1" stopColor="#fdebdd" stopOpacity="0" />
            </radialGradient>
          </defs>
          <circle cx="40" cy="132" r="40" fill="#ffffff" opacity="0.25" />
          <circle cx="176" cy="24" r="30" fill="#ffffff" opacity="0.25" />
          <path
            d="M62 160C62 142 52 128 50 108C46 70 72 34 110 34C140 34 160 56 158 82L166 98C168 102 166 104 162 104H158V114C158 122 152 126 144 126H134L132 160Z"
            fill="#ffffff"
            opacity="0.92"
          />
          <circle cx="104" cy="78" r="34" fill={glow.url} />
          <g stroke="#f2a66b" strokeWidth="2.5" strokeLinecap="round" opacity="0.8">
            <path d="M104 46V52M80 56L84 60M128 56L124 60M74 78H80M128 78H134" />
          </g>
          <path
            d="M104 62C113 62 120 69 120 78C120 84 117 88 113 92C111 94 110 96 110 99H98C98 96 97 94 95 92C91 88 88 84 88 78C88 69 95 62 104 62Z"
            fill="#fdebdd"
            stroke="#f2a66b"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <rect x="97" y="102" width="14" height="5" rx="2.5" fill="#4f4fc9" opacity="0.7" />
          <rect x="99" y="109" width="10" height="4" rx="2" fill="#4f4fc9" opacity="0.5" />
          <path d="M104 94V82" stroke="#7cc6b4" strokeWidth="2.2" strokeLinecap="round" />
          <path d="M104 84C104 77 108 73 114 73C114 80 110 84 104 84Z" fill="#7cc6b4" />
          <path d="M104 88C104 82 100 79 95 79C95 85 99 88 104 88Z" fill="#7cc6b4" opacity="0.8" />
        </>
      );
    },
  },

  "relaxing-music": {
    bg: ["#4f4fc9", "#c9b8f2"],
    render: () => (
      <>
        <circle cx="164" cy="30" r="46" fill="#ffffff" opacity="0.08" />
        <circle cx="30" cy="40" r="22" fill="#ffffff" opacity="0.08" />
        <path d="M0 112C30 100 60 100 100 112C140 124 170 122 200 110V160H0Z" fill="#ffffff" opacity="0.14" />
        <path d="M0 126C34 116 66 118 100 128C134 138 166 136 200 124V160H0Z" fill="#ecebff" opacity="0.28" />
        <path d="M0 142C36 134 68 136 100 144C132 152 166 150 200 140V160H0Z" fill="#ecebff" opacity="0.55" />
        <g fill="#ffffff">
          <path d="M74 42L122 32V42L74 52Z" />
          <rect x="72" y="42" width="5" height="50" rx="2.5" />
          <rect x="119" y="32" width="5" height="50" rx="2.5" />
          <ellipse cx="66" cy="93" rx="10.5" ry="8" transform="rotate(-20 66 93)" />
          <ellipse cx="113" cy="83" rx="10.5" ry="8" transform="rotate(-20 113 83)" />
          <rect x="151" y="50" width="4.5" height="38" rx="2.25" opacity="0.85" />
          <path d="M153 50C160 54 168 58 166 70C164 62 158 60 153 60Z" opacity="0.85" />
          <ellipse cx="146" cy="89" rx="8.5" ry="6.5" transform="rotate(-20 146 89)" opacity="0.85" />
          <path d={sparkle(40, 80, 5)} opacity="0.7" />
          <path d={sparkle(172, 100, 4)} opacity="0.6" />
        </g>
      </>
    ),
  },

  "nature-soundscapes": {
    bg: ["#def3ed", "#7cc6b4"],
    render: () => {
      const tree = "M0 -46C10 -30 18 -14 18 0C18 10 -18 10 -18 0C-18 -14 -10 -30 0 -46Z";
      return (
        <>
          <g fill="#ffffff" opacity="0.85">
            <rect x="56" y="26" width="84" height="18" rx="9" />
            <circle cx="82" cy="26" r="14" />
            <circle cx="106" cy="22" r="18" />
            <circle cx="126" cy="30" r="11" />
          </g>
          <g fill="#9cc3f0">
            <path d={raindrop(70, 60)} />
            <path d={raindrop(92, 70)} opacity="0.8" />
            <path d={raindrop(114, 58)} />
            <path d={raindrop(132, 72)} opacity="0.8" />
            <path d={raindrop(50, 78)} opacity="0.6" />
            <path d={raindrop(152, 58)} opacity="0.6" />
          </g>
          <path d="M0 118C40 104 80 106 120 116C150 122 176 118 200 110V160H0Z" fill="#def3ed" opacity="0.7" />
          <g fill="#5fae9f">
            <g transform="translate(30 128) scale(0.9)">
              <path d={tree} />
            </g>
            <g transform="translate(170 124) scale(1.05)">
              <path d={tree} />
            </g>
          </g>
          <g fill="#3f8c88">
            <g transform="translate(54 138) scale(1.15)">
              <path d={tree} />
            </g>
            <g transform="translate(146 140) scale(0.95)">
              <path d={tree} />
            </g>
          </g>
          <path d="M0 142C50 132 150 132 200 142V160H0Z" fill="#4f9e96" />
          <g fill="#def3ed" opacity="0.7">
            <ellipse cx="92" cy="148" rx="8" ry="2" />
            <ellipse cx="112" cy="152" rx="5" ry="1.5" />
          </g>
        </>
      );
    },
  },

  breathing: {
    bg: ["#def3ed", "#9cc3f0"],
    diagonal: true,
    render: (ids) => {
      const core = ids("core");
      return (
        <>
          <defs>
            <radialGradient id={core.id} cx="0.4" cy="0.35" r="0.7">
              <stop offset="0" stopColor="#ffffff" />
              <stop offset="1" stopColor="#def3ed" />
            </radialGradient>
          </defs>
          <circle cx="100" cy="80" r="74" fill="#ffffff" opacity="0.14" />
          <circle cx="100" cy="80" r="56" fill="#ffffff" opacity="0.22" />
          <circle cx="100" cy="80" r="40" fill="#ffffff" opacity="0.35" />
          <circle cx="100" cy="80" r="24" fill={core.url} />
          <circle
            cx="100"
            cy="80"
            r="64"
            fill="none"
            stroke="#ffffff"
            strokeWidth="1.5"
            strokeDasharray="2 7"
            strokeLinecap="round"
            opacity="0.9"
          />
          <circle cx="100" cy="16" r="4" fill="#7cc6b4" />
          <circle cx="100" cy="80" r="6" fill="#7cc6b4" opacity="0.8" />
        </>
      );
    },
  },

  affirmations: {
    bg: ["#fdebdd", "#f3b6c3"],
    render: (ids) => {
      const heart = ids("heart");
      return (
        <>
          <defs>
            <linearGradient id={heart.id} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#ffffff" />
              <stop offset="1" stopColor="#fdebdd" />
            </linearGradient>
          </defs>
          <circle cx="100" cy="82" r="62" fill="#ffffff" opacity="0.2" />
          <path
            d="M100 126C70 106 54 92 54 72C54 58 64 48 78 48C88 48 96 54 100 62C104 54 112 48 122 48C136 48 146 58 146 72C146 92 130 106 100 126Z"
            fill={heart.url}
          />
          <path
            d="M100 106C86 96 78 89 78 80C78 74 82 70 88 70C93 70 97 73 100 78C103 73 107 70 112 70C118 70 122 74 122 80C122 89 114 96 100 106Z"
            fill="#f3b6c3"
          />
          <g fill="#ffffff">
            <path d={sparkle(40, 42, 8)} />
            <path d={sparkle(162, 40, 6)} opacity="0.9" />
            <path d={sparkle(160, 118, 5)} opacity="0.8" />
            <path d={sparkle(36, 112, 4)} opacity="0.7" />
            <circle cx="150" cy="76" r="2" opacity="0.8" />
            <circle cx="52" cy="84" r="1.6" opacity="0.8" />
          </g>
          <path d={sparkle(130, 26, 4)} fill="#f2a66b" opacity="0.8" />
        </>
      );
    },
  },

  "body-psychotherapy": {
    bg: ["#fdebdd", "#f2a66b"],
    render: (ids) => {
      const glow = ids("glow");
      return (
        <>
          <defs>
            <radialGradient id={glow.id} cx="0.5" cy="0.5" r="0.5">
              <stop offset="0" stopColor="#fff6ee" stopOpacity="1" />
              <stop offset="0.5" stopColor="#fdebdd" stopOpacity="0.6" />
              <stop offset="1" stopColor="#fdebdd" stopOpacity="0" />
            </radialGradient>
          </defs>
          <circle cx="100" cy="82" r="70" fill={glow.url} />
          <circle cx="100" cy="82" r="52" fill="none" stroke="#ffffff" strokeWidth="1.5" opacity="0.6" />
          <circle cx="100" cy="82" r="66" fill="none" stroke="#ffffff" strokeWidth="1" opacity="0.35" />
          <g stroke="#e58d55" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="100" cy="37" r="11" fill="#ffffff" fillOpacity="0.7" />
            <path
              d="M95 50C95 54 92 56 86 57C78 59 76 64 74 72L66 98C65 102 70 104 72 100L82 77C84 86 86 96 86 104C86 118 86 132 88 146C88 150 96 150 96 146L98 119C98 116 102 116 102 119L104 146C104 150 112 150 112 146C114 132 114 118 114 104C114 96 116 86 118 77L128 100C130 104 135 102 134 98L126 72C124 64 122 59 114 57C108 56 105 54 105 50Z"
              fill="#ffffff"
              fillOpacity="0.55"
            />
          </g>
          <path
            d="M100 88C93 83 89 80 89 75C89 72 91 70 94 70C96.5 70 98.5 71.5 100 74C101.5 71.5 103.5 70 106 70C109 70 111 72 111 75C111 80 107 83 100 88Z"
            fill="#f2a66b"
          />
          <g fill="#ffffff">
            <path d={sparkle(34, 40, 5)} opacity="0.9" />
            <path d={sparkle(168, 120, 5)} opacity="0.8" />
            <circle cx="164" cy="40" r="2" opacity="0.8" />
            <circle cx="40" cy="124" r="2" opacity="0.7" />
          </g>
        </>
      );
    },
  },

  journal: {
    bg: ["#fbf8f4", "#fdebdd"],
    render: () => (
      <>
        <circle cx="172" cy="24" r="34" fill="#f3b6c3" opacity="0.25" />
        <circle cx="20" cy="140" r="30" fill="#def3ed" />
        <path d="M28 62C54 54 80 56 100 66C120 56 146 54 172 62V134C146 126 120 128 100 138C80 128 54 126 28 134Z" fill="#c9b8f2" />
        <path d="M34 56C58 48 82 50 100 60V130C82 120 58 118 34 126Z" fill="#ffffff" />
        <path d="M166 56C142 48 118 50 100 60V130C118 120 142 118 166 126Z" fill="#ffffff" />
        <path d="M100 60V130" stroke="#ecebff" strokeWidth="3" />
        <g fill="none" stroke="#c9b8f2" strokeWidth="2.5" strokeLinecap="round">
          <path d="M46 72C60 68 74 68 88 74" />
          <path d="M46 84C60 80 74 80 88 86" />
          <path d="M46 96C58 92 68 92 78 96" />
          <path d="M112 74C126 68 140 68 154 72" />
          <path d="M112 86C126 80 136 80 146 82" />
        </g>
        <g transform="rotate(-42 140 100)">
          <rect x="104" y="95" width="60" height="10" rx="5" fill="#4f4fc9" />
          <rect x="150" y="95" width="6" height="10" fill="#2c2f6e" />
          <path d="M104 95.5L92 100L104 104.5Z" fill="#f2a66b" />
        </g>
        <path d="M52 122C46 104 54 88 72 82C76 100 68 116 52 122Z" fill="#7cc6b4" />
        <path d="M52 122C58 108 64 98 70 88" fill="none" stroke="#def3ed" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
};

export function ContentTypeArt({ type, className }: ContentTypeArtProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids: Ids = (name) => {
    const id = `cta-${name}-${uid}`;
    return { id, url: `url(#${id})` };
  };
  const scene = SCENES[type];
  const bg = ids("bg");

  return (
    <svg viewBox="0 0 200 160" className={className} aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <linearGradient id={bg.id} x1="0" y1="0" x2={scene.diagonal ? "1" : "0"} y2="1">
          <stop offset="0" stopColor={scene.bg[0]} />
          <stop offset="1" stopColor={scene.bg[1]} />
        </linearGradient>
      </defs>
      <rect width="200" height="160" fill={bg.url} />
      {scene.render(ids)}
    </svg>
  );
}
