namespace App
{
    public class DbStore : IStore
    {
        public void Save(string item) { }
    }
}
