/** A QR code the server drew as SVG markup, shown as an image (no markup injected into the page). */
export function QrCode({ svg, alt, size, className }: { svg: string; alt: string; size: number; className?: string }) {
  return <img className={className} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} width={size} height={size} />;
}
