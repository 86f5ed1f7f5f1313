import { BRAND } from '@flohmarkt/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import '@/styles/index.css';

// The brand gradient is written once, in the contracts; the stylesheets read it as CSS variables.
document.documentElement.style.setProperty('--brand-from', BRAND.gradientFrom);
document.documentElement.style.setProperty('--brand-to', BRAND.gradientTo);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
