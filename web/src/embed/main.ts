import { startEmbed } from './start-embed';
import './embed.css';

/*
 * The entry of embed.html, served by the gateway at /embed/events/{id} and /embed/map (the only pages any
 * site may frame). It shares no code with the app's shell: no React, router or query client, so what a
 * host page loads before the map stays far below 60 kB gzipped (build/embed-budget.ts fails the build above).
 */
const root = document.getElementById('embed');
if (root) void startEmbed(root);
