// The page's entry (Vite serves workbench/ as its root); the app lives in src/workbench.
import "../src/workbench/main";
