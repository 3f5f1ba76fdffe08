import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: {
    target: "es2022",
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // The small shared pieces (design-system primitives, page frames, brand marks) travel as
        // one chunk with one stylesheet, instead of a request each on the first page load.
        codeSplitting: { groups: [{ name: "components", test: /\/src\/(components|lib)\// }] },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/sandbox": "http://localhost:3000" },
  },
});
